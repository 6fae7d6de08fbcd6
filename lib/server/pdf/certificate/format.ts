const pad = (value: number) => String(value).padStart(2, '0');

/** A time as the certificate prints it: UTC, to the second, the zone named (no one's local zone is known). */
export function formatUtc(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} UTC`;
}
