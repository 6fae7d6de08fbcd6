'use client';

import { lazy, Suspense, useEffect, useReducer } from 'react';
import { toast } from 'sonner';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { apiFetch } from '@/lib/http/api-fetch';
import type { THelpVideo } from '@/lib/help/videos';
import type { TTourId } from '@/lib/users/preferences';
import type { TTourStep } from './guided-tour';
import { HelpMenu, type THelpMenuText } from './help-menu';
import { initialTourState, tourHasNext, tourReducer } from './tour-state';
import { VideoWalkthrough } from './video-walkthrough';

/** Texts translated by the server page (getTourHelpText); `{current}` and `{total}` are filled in here. */
export type TTourHelpText = THelpMenuText & {
  next: string;
  skip: string;
  done: string;
  progress: string;
  saveFailed: string;
  video: { title: string; previous: string; next: string; progress: string; unsupported: string };
};

const fill = (template: string, current: number, total: number) =>
  template.replace('{current}', String(current)).replace('{total}', String(total));

// Floating UI and the tour's markup load when a tour starts, not with the page.
const GuidedTour = lazy(() => import('./guided-tour').then((module) => ({ default: module.GuidedTour })));

/**
 * A screen's Help menu and its guided tour. The tour starts by itself on the
 * user's first visit (autoStart: the server found it not done); finishing or
 * skipping it is stored on the user (PATCH /api/me/preferences), and Help
 * starts it again at step 0.
 */
export function TourHelp({
  tourId,
  autoStart,
  steps,
  videos,
  text,
}: {
  tourId: TTourId;
  autoStart: boolean;
  steps: readonly TTourStep[];
  videos: readonly THelpVideo[];
  text: TTourHelpText;
}) {
  const [tour, dispatch] = useReducer(tourReducer, initialTourState);
  const dialog = useDialog();

  useEffect(() => {
    if (autoStart) dispatch({ type: 'start', count: steps.length });
  }, [autoStart, steps.length]);

  const end = async () => {
    dispatch({ type: 'skip' });
    document.querySelector<HTMLElement>('[data-help-button]')?.focus({ preventScroll: true });
    try {
      const response = await apiFetch('/api/me/preferences', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ toursDone: { [tourId]: true } }),
      });
      if (!response.ok) throw new Error(String(response.status));
    } catch {
      toast.error(text.saveFailed);
    }
  };

  const watch = () => {
    dispatch({ type: 'skip' });
    void dialog.open({
      title: text.video.title,
      body: (
        <VideoWalkthrough
          videos={videos}
          text={{ ...text.video, progress: (current, total) => fill(text.video.progress, current, total) }}
        />
      ),
    });
  };

  return (
    <>
      <HelpMenu
        text={text}
        onTakeTour={() => dispatch({ type: 'start', count: steps.length })}
        onWatchVideo={videos.length > 0 ? watch : undefined}
      />
      {tour.index >= 0 ? (
        <Suspense fallback={null}>
          <GuidedTour
            steps={steps}
            index={tour.index}
            hasNext={tourHasNext(tour)}
            onNext={() => dispatch({ type: 'next' })}
            onEnd={end}
            text={{
              next: text.next,
              skip: text.skip,
              done: text.done,
              progress: (current, total) => fill(text.progress, current, total),
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
