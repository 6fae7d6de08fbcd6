import type * as pkijsTypes from 'pkijs';

const SHORT: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.4': 'SN',
  '2.5.4.5': 'serialNumber',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.12': 'T',
  '2.5.4.42': 'G',
  '2.5.4.97': 'organizationIdentifier',
  '1.2.840.113549.1.9.1': 'E',
  '0.9.2342.19200300.100.1.25': 'DC',
};

/** A distinguished name as "CN=…, O=…" in its encoded order (RFC 4514 style, without escaping: for reading, not parsing). */
export function formatDn(name: pkijsTypes.RelativeDistinguishedNames): string {
  return name.typesAndValues
    .map(
      (item) =>
        `${SHORT[item.type] ?? item.type}=${String((item.value.valueBlock as { value?: unknown }).value ?? '')}`,
    )
    .join(', ');
}
