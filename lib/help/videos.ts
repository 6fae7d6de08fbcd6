import type { TTourId } from '@/lib/users/preferences';

/** A walkthrough as the Help menu plays it: the file, and its title and description in the page's language. */
export type THelpVideo = {
  /** Address of the video file (under public/, e.g. /help/workspace.webm). */
  src: string;
  /** MIME type of the file, e.g. video/webm. */
  type: string;
  title: string;
  description?: string;
  /** WebVTT captions, when the video has speech or on-screen text worth reading. */
  captions?: { src: string; srclang: string; label: string };
};

/** The ids of the videos that exist; each has `workspaceTour.videos.<id>.title` and `.description` in every locale. */
export const HELP_VIDEO_IDS = ['placeFieldsAndSend'] as const;
export type THelpVideoId = (typeof HELP_VIDEO_IDS)[number];

/** A video file shipped under public/; its texts are translated by getHelpVideos (components/tour/tour-help-text.ts). */
export type THelpVideoFile = Omit<THelpVideo, 'title' | 'description'> & { id: THelpVideoId };

/**
 * The video walkthroughs, per screen, in the order Help plays them. An empty
 * list hides "Watch the video" there. The workspace's is a screen recording
 * of placing fields and sending, made by scripts/record-help-video.mjs
 * (run it again after the workspace changes visibly).
 */
export const HELP_VIDEOS: Record<TTourId, readonly THelpVideoFile[]> = {
  dashboard: [],
  workspace: [{ id: 'placeFieldsAndSend', src: '/help/place-fields-and-send.webm', type: 'video/webm' }],
};
