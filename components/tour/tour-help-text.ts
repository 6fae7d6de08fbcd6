import 'server-only';
import { getTranslations } from 'next-intl/server';
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
  return (['upload', 'documents', 'help'] as const).map((target) => ({ target, title: t(`${target}.title`), body: t(`${target}.body`) }));
}
