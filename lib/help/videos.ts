import type { TTourId } from '@/lib/users/preferences';

export type THelpVideo = {
  /** Address of the video file (under public/, e.g. /help/workspace.webm). */
  src: string;
  /** MIME type of the file, e.g. video/webm. */
  type: string;
  title: string;
  /** WebVTT captions, when the video has speech or on-screen text worth reading. */
  captions?: { src: string; srclang: string; label: string };
};

/**
 * The video walkthroughs, per screen, in the order Help plays them. An empty
 * list hides "Watch the video" there. The workspace's screen recording of
 * placing fields and sending is added here once the workspace exists.
 */
export const HELP_VIDEOS: Record<TTourId, readonly THelpVideo[]> = {
  dashboard: [],
  workspace: [],
};
