import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentStatuses } from '@/lib/api/v1/enums';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) =>
  JSON.parse(readFileSync(path.join(root, 'messages', file), 'utf8')) as Record<
    string,
    Record<string, Record<string, string>>
  >;

// The document page names the status with auth.document.statuses (the row's enum), the dashboard and
// workspace with their own keys (the API's); a status without a label showed its key (sealing_failed did).
describe('every document status has a label', () => {
  it.each(['en', 'pt', 'cs', 'es'])('in %s', (locale) => {
    const page = read(`auth/${locale}.json`).document!.statuses!;
    const core = read(`${locale}.json`);
    for (const status of documentStatuses) {
      expect(page[status.toUpperCase()], `auth.document.statuses.${status.toUpperCase()}`).toBeTruthy();
      expect(core.dashboard!.statuses![status], `dashboard.statuses.${status}`).toBeTruthy();
      expect(
        (core.workspace as unknown as { documentStatuses: Record<string, string> }).documentStatuses[status],
        `workspace.documentStatuses.${status}`,
      ).toBeTruthy();
    }
  });
});
