import { ZPatchDocumentBody, type TDocumentDetails, type TPatchDocumentBody } from '@/lib/api/v1/documents';
import type { TMailLocale, TSigningOrder } from '@/lib/api/v1/enums';

/** The sending settings as the form holds them (strings from inputs; '' means none). */
export type TSendingSettings = {
  signingOrder: TSigningOrder;
  message: string;
  /** yyyy-MM-dd in the owner's time zone ('' = no expiry). */
  expiresOn: string;
  /** Whole days ('' = no reminders). */
  reminderDays: string;
  locale: TMailLocale | '';
};

const pad = (value: number) => String(value).padStart(2, '0');

/** A stored expiry shown as the owner's local date. */
export function toLocalDate(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function settingsFromDetails(
  details: Pick<TDocumentDetails, 'signingOrder' | 'message' | 'expiresAt' | 'reminderDays' | 'locale'>,
): TSendingSettings {
  return {
    signingOrder: details.signingOrder,
    message: details.message ?? '',
    expiresOn: toLocalDate(details.expiresAt),
    reminderDays: details.reminderDays === null ? '' : String(details.reminderDays),
    locale: details.locale ?? '',
  };
}

/**
 * The PATCH (and send) body for these settings, checked with the API's own
 * schema; the expiry runs to the end of the chosen day where the owner is.
 */
export function settingsBody(
  settings: TSendingSettings,
): { body: TPatchDocumentBody } | { errors: { path: string; message: string }[] } {
  const days = settings.reminderDays.trim();
  const raw = {
    signingOrder: settings.signingOrder,
    message: settings.message.trim() ? settings.message : null,
    expiresAt: settings.expiresOn ? endOfLocalDay(settings.expiresOn) : null,
    reminderDays: days === '' ? null : Number(days),
    locale: settings.locale === '' ? null : settings.locale,
  };
  const parsed = ZPatchDocumentBody.safeParse(raw);
  if (parsed.success) return { body: parsed.data };
  return { errors: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) };
}

function endOfLocalDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const end = new Date(year ?? NaN, (month ?? NaN) - 1, day ?? NaN, 23, 59, 59);
  return Number.isNaN(end.getTime()) ? date : end.toISOString();
}
