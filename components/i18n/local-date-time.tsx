'use client';

import type { DateTimeFormatOptions } from 'next-intl';
import { useLocalDateTime } from '@/lib/client/use-local-date-time';

/**
 * A date shown in the viewer's time zone, for pages rendered on the server
 * (whose formatter knows only the server's zone). Needs a NextIntlClientProvider
 * above it (ClientMessages gives one).
 */
export function LocalDateTime({ value, options }: { value: string; options: DateTimeFormatOptions }) {
  const format = useLocalDateTime();
  return <time dateTime={value}>{format(value, options)}</time>;
}
