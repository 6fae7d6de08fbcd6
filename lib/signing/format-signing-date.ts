import type { dateFormats } from '@/lib/api/v1/enums';

export type TDateFormat = (typeof dateFormats)[number];

const pad = (value: number) => String(value).padStart(2, '0');

/** The month's name as it reads inside a date in `locale` (Czech declines it: "24. listopadu"), from Intl. */
function monthName(date: Date, locale: string): string {
  const parts = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(date);
  return parts.find((part) => part.type === 'month')?.value ?? '';
}

/**
 * The signing date as a date field shows it, in the owner's format (field
 * meta dateFormat, yyyy-MM-dd by default). Dates are UTC: the server knows
 * no one's time zone, and the audit trail's times are UTC too. Pure, so the
 * signing page can preview exactly what the server will write.
 */
export function formatSigningDate(date: Date, format: TDateFormat = 'yyyy-MM-dd', locale = 'en'): string {
  return format.replace(/yyyy|MMMM|MM|dd|d/g, (token) => {
    switch (token) {
      case 'yyyy':
        return String(date.getUTCFullYear());
      case 'MMMM':
        return monthName(date, locale);
      case 'MM':
        return pad(date.getUTCMonth() + 1);
      case 'dd':
        return pad(date.getUTCDate());
      default:
        return String(date.getUTCDate());
    }
  });
}
