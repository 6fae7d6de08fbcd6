'use client';

import { useReducer } from 'react';
import type { THelpVideo } from '@/lib/help/videos';
import { emptyVideoState, videoReducer } from './video-state';

export type TVideoWalkthroughText = {
  previous: string;
  next: string;
  progress: (current: number, total: number) => string;
  unsupported: string;
};

const NAV =
  'rounded-lg border border-surface-border px-4 py-2 font-semibold hover:bg-surface-sunken disabled:opacity-60';

/**
 * The video walkthrough, shown inside the modal dialog: starts at
 * the first video, previous and next stop at the ends. Closing the dialog
 * unmounts it, which clears the list.
 */
export function VideoWalkthrough({ videos, text }: { videos: readonly THelpVideo[]; text: TVideoWalkthroughText }) {
  const [state, dispatch] = useReducer(videoReducer<THelpVideo>, videos, (list) =>
    videoReducer(emptyVideoState<THelpVideo>(), { type: 'show', videos: list }),
  );
  const video = state.videos[state.index];
  if (!video) return null;
  const total = state.videos.length;
  return (
    <div data-video-walkthrough="" data-video-index={state.index}>
      {/* Keyed by address: switching videos starts the new one from its beginning. */}
      <video
        key={video.src}
        controls
        preload="metadata"
        playsInline
        aria-label={video.title}
        className="aspect-video w-full rounded-lg bg-black"
      >
        <source src={video.src} type={video.type} />
        {video.captions ? (
          <track
            kind="captions"
            src={video.captions.src}
            srcLang={video.captions.srclang}
            label={video.captions.label}
            default
          />
        ) : null}
        {text.unsupported}
      </video>
      <p className="mt-3 font-semibold">{video.title}</p>
      {video.description ? <p className="mt-1 text-ink-muted">{video.description}</p> : null}
      {total > 1 ? (
        <div className="mt-4 flex items-center justify-between gap-3">
          <button
            type="button"
            className={NAV}
            disabled={state.index === 0}
            onClick={() => dispatch({ type: 'previous' })}
          >
            {text.previous}
          </button>
          <span className="text-sm text-ink-muted" aria-live="polite">
            {text.progress(state.index + 1, total)}
          </span>
          <button
            type="button"
            className={NAV}
            disabled={state.index === total - 1}
            onClick={() => dispatch({ type: 'next' })}
          >
            {text.next}
          </button>
        </div>
      ) : null}
    </div>
  );
}
