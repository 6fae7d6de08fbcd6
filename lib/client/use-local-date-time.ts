'use client';

import { useFormatter, type DateTimeFormatOptions } from 'next-intl';
import { useCallback, useSyncExternalStore } from 'react';

/** Until the page runs in the browser (server render, hydration) the viewer's zone is unknown: times show in UTC, said so. */
export const SERVER_TIME_ZONE = 'UTC';

const subscribe = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || SERVER_TIME_ZONE;
const serverZone = () => null;

/**
 * The viewer's own time zone (the browser's), or null while rendering on the
 * server and hydrating. next-intl's formatter would otherwise use the
 * server's zone, which the server hands to the browser too.
 */
export function useViewerTimeZone(): string | null {
  return useSyncExternalStore(subscribe, browserZone, serverZone);
}

/**
 * format.dateTime in the viewer's time zone. Before the zone is known a time
 * is shown in UTC with the zone named, so no render shows a wrong local time.
 */
export function useLocalDateTime() {
  const format = useFormatter();
  const zone = useViewerTimeZone();
  return useCallback(
    (value: Date | string, options: DateTimeFormatOptions) => {
      const date = typeof value === 'string' ? new Date(value) : value;
      if (zone) return format.dateTime(date, { ...options, timeZone: zone });
      return format.dateTime(date, {
        ...options,
        timeZone: SERVER_TIME_ZONE,
        ...(options.timeStyle ? { timeStyle: 'long' as const } : {}),
      });
    },
    [format, zone],
  );
}
