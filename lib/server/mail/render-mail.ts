import 'server-only';
import { render, toPlainText } from '@react-email/render';
import { createTranslator } from 'next-intl';
import type { z } from 'zod';
import { clipName } from '@/lib/clip-name';
import { AppError } from '@/lib/errors';
import { loadMessages } from '@/lib/i18n/messages';
import type { Locale } from '@/lib/i18n/routing';
import { type TMailData, type TMailTemplate, ZMailData } from './mail-data';
import { invitationMail } from './templates/invitation';
import type { TMailContext, TMailSubject, TMailT, TRenderedTemplate } from './templates/mail-layout';
import { completedMail } from './templates/completed';
import { oneTimeCodeMail } from './templates/one-time-code';
import { completedToOwnerMail, declinedToOwnerMail } from './templates/owner-notices';
import { cancelledMail, expiredMail, signedConfirmationMail } from './templates/recipient-notices';
import { declinedMail, signedToOwnerMail } from './templates/signing-notices';
import { teamInvitationMail } from './templates/team-invitation';
import { testMail } from './templates/test-mail';

export type { TMailData, TMailTemplate } from './mail-data';
export type TLocale = Locale;
export type TRenderedMail = { subject: string; html: string; text: string; fromName?: string };

/**
 * How a team's mails to its signers look (docs/teams.md): its name in the header and From ("ACME via Signet"),
 * its colour on the header and button, and its logo carried inside the mail (`logoCid`), never fetched.
 */
export type TMailLook = { name: string; color: string | null; logoCid: string | null };

type TBuilders = {
  [T in TMailTemplate]: (data: z.output<(typeof ZMailData)[T]>, context: TMailContext) => TRenderedTemplate;
};

const builders: TBuilders = {
  invitation: (data, context) => invitationMail('invitation', data, context),
  reminder: (data, context) => invitationMail('reminder', data, context),
  cancelled: cancelledMail,
  expired: expiredMail,
  'declined-to-owner': declinedToOwnerMail,
  'completed-to-owner': completedToOwnerMail,
  completed: completedMail,
  'one-time-code': oneTimeCodeMail,
  'signed-confirmation': signedConfirmationMail,
  'signed-to-owner': signedToOwnerMail,
  declined: declinedMail,
  'test-mail': testMail,
  'team-invitation': teamInvitationMail,
};

type TCatalogue = { mail: Record<string, unknown>; common: { brand: string } };

// Deadlines are shown in UTC and say so: the recipient's time zone is unknown.
const formats = { dateTime: { deadline: { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' } } } as const;

async function mailContext(locale: Locale, look?: TMailLook): Promise<TMailContext> {
  const messages = (await loadMessages(locale)) as unknown as TCatalogue;
  const translate = createTranslator({
    locale,
    messages: { mail: messages.mail },
    namespace: 'mail',
    timeZone: 'UTC',
    formats,
    // A missing message must fail the send (a retried job shows it), never mail the key's name to someone.
    onError: (error) => {
      throw error;
    },
  });
  const t: TMailT = (key, values) => (translate as unknown as TMailT)(key, values);
  if (!look) return { t, locale, brand: messages.common.brand };
  return { t, locale, brand: look.name, color: look.color, logoCid: look.logoCid };
}

/**
 * The values a subject is formatted with: every text value (document, sender and recipient names) cut to
 * NAME_CLIP characters, so the subject line stays readable in an inbox; the mail's body keeps the whole name.
 */
export function subjectValues(values: TMailSubject['values']): TMailSubject['values'] {
  if (!values) return values;
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? clipName(value) : value]),
  );
}

/**
 * One mail of `template`, in `locale`, with an HTML part and a plain-text
 * part that carries every link as a plain URL. Refuses invalid data (a
 * line break in a name, a non-http link) with INVALID_INPUT before anything
 * is rendered; what owners typed is escaped in the HTML by React.
 */
export async function renderMail<T extends TMailTemplate>(
  template: T,
  locale: TLocale,
  data: TMailData[T],
  look?: TMailLook,
): Promise<TRenderedMail> {
  const parsed = ZMailData[template].safeParse(data);
  if (!parsed.success) {
    throw new AppError('INVALID_INPUT', `The data for the ${template} mail is invalid.`, {
      fieldErrors: parsed.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: issue.message,
      })),
    });
  }
  const build = builders[template] as (data: unknown, context: TMailContext) => TRenderedTemplate;
  const context = await mailContext(locale, look);
  const { subject, element } = build(parsed.data, context);
  const html = await render(element);
  const text = toPlainText(html, {
    // Headings keep their case (html-to-text shouts them by default).
    selectors: [{ selector: 'h1', options: { uppercase: false } }],
  });
  // Nested blocks (the layout's tables) leave runs of blank lines; one blank line separates paragraphs.
  return {
    subject: context.t(subject.key, subjectValues(subject.values)),
    html,
    text: `${text.replace(/\n{3,}/g, '\n\n').trim()}\n`,
    ...(look ? { fromName: context.t('fromVia', { name: look.name }) } : {}),
  };
}
