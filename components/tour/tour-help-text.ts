import 'server-only';
import { getTranslations } from 'next-intl/server';
import { HELP_VIDEOS, type THelpVideo } from '@/lib/help/videos';
import type { TTourId } from '@/lib/users/preferences';
import type { TTourStep } from './guided-tour';
import type { TTourHelpText } from './tour-help';

/** The Help menu's and tour's texts, translated on the server so the page loads no translation runtime for them. */
export async function getTourHelpText(): Promise<TTourHelpText> {
  const t = await getTranslations('tour');
  return {
    help: t('help'),
    takeTour: t('takeTour'),
    watchVideo: t('watchVideo'),
    next: t('next'),
    skip: t('skip'),
    done: t('done'),
    // Raw: the browser fills in the numbers as the user moves through the steps.
    progress: t.raw('progress') as string,
    saveFailed: t('saveFailed'),
    video: {
      title: t('video.title'),
      previous: t('video.previous'),
      next: t('video.next'),
      progress: t.raw('video.progress') as string,
      unsupported: t('video.unsupported'),
    },
  };
}

/** The dashboard's tour: what to upload, where documents appear, where Help is. */
export async function getDashboardTourSteps() {
  const t = await getTranslations('tour.dashboard');
  return (['upload', 'documents', 'help'] as const).map((target) => ({
    target,
    title: t(`${target}.title`),
    body: t(`${target}.body`),
  }));
}

/**
 * The workspace's tour: the pages, the field types, the recipients, the
 * sending settings, Send and Help. Recipients and settings sit on tabs (on a
 * phone, in the bottom sheet's bar), so where their panel is not shown the
 * step points at the tab that opens it.
 */
export async function getWorkspaceTourSteps(): Promise<TTourStep[]> {
  const t = await getTranslations('workspaceTour.steps');
  const steps = [
    ['pages', 'pages', undefined],
    ['fields', 'field-palette', 'tab-fields'],
    ['recipients', 'recipients', 'tab-recipients'],
    ['settings', 'sending-settings', 'tab-sending'],
    ['send', 'send', 'tab-send'],
    ['help', 'help', undefined],
  ] as const;
  return steps.map(([key, target, fallback]) => ({
    target,
    ...(fallback ? { fallback } : {}),
    title: t(`${key}.title`),
    body: t(`${key}.body`),
  }));
}

/** A screen's walkthrough videos with their texts in the page's language. */
export async function getHelpVideos(tourId: TTourId): Promise<THelpVideo[]> {
  const t = await getTranslations('workspaceTour.videos');
  return HELP_VIDEOS[tourId].map(({ id, ...file }) => ({
    ...file,
    title: t(`${id}.title`),
    description: t(`${id}.description`),
  }));
}
