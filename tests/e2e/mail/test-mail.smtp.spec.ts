import { signInAs } from '../auth/helpers';
import { expect, test } from '../fixtures';

// Runs with E2E_SMTP=1 only (playwright.config.ts): the app sends to the smtpSink fixture.
const port = Number(process.env.E2E_PORT ?? 3210);

test('the test mail reaches a real SMTP server in the page language, well-formed, with a working link', async ({
  page,
  smtpSink,
}) => {
  await signInAs(page, 'admin', '/cs/admin/outbox');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Odchozí pošta');
  await expect(page.getByText('SMTP_URL je nastaveno')).toBeVisible();
  const before = Date.now();
  await page.getByRole('button', { name: 'Poslat mi zkušební e-mail' }).click();
  await expect(page.getByRole('status')).toHaveText('Zkušební e-mail odeslán na admin@signet.localhost.');

  const mail = await smtpSink.waitFor(
    (m) => m.envelope.to.includes('admin@signet.localhost') && (m.parsed.date?.getTime() ?? 0) >= before - 1000,
  );
  const { parsed } = mail;
  expect(parsed.subject).toBe('Zkušební e-mail ze Signetu');
  expect(parsed.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
  expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
  expect(parsed.html).toContain('lang="cs"');
  const link = `http://localhost:${port}/cs/admin/outbox`;
  expect((parsed.text ?? '').split(/\s+/)).toContain(link);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Odchozí pošta');
});
