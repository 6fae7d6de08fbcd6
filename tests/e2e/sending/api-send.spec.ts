import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { makePdf } from '@/tests/fixtures/pdf-files';
import { outboxMails, tokenIn, type TOutboxMail } from '@/tests/unit/api/sending-helpers';
import { signInAsNew } from '../auth/helpers';
import { expect, test } from '../fixtures';

/**
 * Sending through the v1 API against the app as users start it: the job
 * runner the app starts delivers the invitation (outbox, no SMTP_URL) with a
 * working link stored only as its hash; cancel kills it and tells the signer.
 */

const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? '.test-data/e2e');

function linkOf(token: string): { revokedReason: string | null } | undefined {
  const db = new Database(path.join(dataDir, 'signet.db'), { readonly: true, fileMustExist: true });
  try {
    const hash = createHash('sha256').update(token).digest('hex');
    return db.prepare('SELECT "revokedReason" FROM "SigningLink" WHERE "tokenHash" = ?').get(hash) as
      { revokedReason: string | null } | undefined;
  } finally {
    db.close();
  }
}

async function waitForMail(to: string, match: (mail: TOutboxMail) => boolean): Promise<TOutboxMail> {
  let found: TOutboxMail | undefined;
  await expect
    .poll(async () => (found = (await outboxMails(dataDir)).find((mail) => mail.to === to && match(mail))), {
      timeout: 20_000,
    })
    .toBeTruthy();
  return found as TOutboxMail;
}

async function xsrf(page: Page): Promise<Record<string, string>> {
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'XSRF-TOKEN');
  return { 'X-XSRF-TOKEN': decodeURIComponent(cookie?.value ?? '') };
}

test('upload, place, send in sequence, then cancel: one invitation to the first signer, its link killed and the signer told', async ({
  page,
}) => {
  await signInAsNew(page, 'sender');
  const headers = await xsrf(page);
  const stamp = Date.now().toString(36);
  const first = `ana-${stamp}@example.com`;
  const second = `bo-${stamp}@example.com`;

  const upload = await page.request.post('/api/v1/documents', {
    headers,
    multipart: { file: { name: 'contract.pdf', mimeType: 'application/pdf', buffer: await makePdf(2) } },
  });
  expect(upload.status()).toBe(201);
  const { id } = (await upload.json()) as { id: string };

  const recipients = await page.request.put(`/api/v1/documents/${id}/recipients`, {
    headers,
    data: {
      recipients: [
        { email: first, name: 'Ana' },
        { email: second, name: 'Bo' },
      ],
    },
  });
  const [ana, bo] = ((await recipients.json()) as { recipients: { id: string }[] }).recipients;
  const fields = [ana, bo].map((recipient, index) => ({
    recipientId: recipient?.id,
    type: 'signature',
    page: index + 1,
    x: 10,
    y: 10,
  }));
  expect((await page.request.put(`/api/v1/documents/${id}/fields`, { headers, data: { fields } })).status()).toBe(200);

  const sent = await page.request.post(`/api/v1/documents/${id}/send`, {
    headers,
    data: { signingOrder: 'sequential', locale: 'es' },
  });
  expect(sent.status()).toBe(200);
  expect(await sent.json()).toMatchObject({ id, status: 'pending' });

  const invitation = await waitForMail(first, (mail) => /\/sign\//.test(mail.text));
  // In the language the send asked for, with Reply-To the owner.
  expect(invitation.text).toContain('Hola, Ana');
  expect(invitation.replyTo).toContain('@test.signet.localhost');
  const token = tokenIn(invitation);
  expect(linkOf(token)).toEqual({ revokedReason: null });
  await expect
    .poll(async () =>
      (
        (await (await page.request.get(`/api/v1/documents/${id}`)).json()) as { recipients: { status: string }[] }
      ).recipients.map((r) => r.status),
    )
    .toEqual(['sent', 'waiting']);
  expect((await outboxMails(dataDir)).filter((mail) => mail.to === second)).toEqual([]);

  const cancelled = await page.request.post(`/api/v1/documents/${id}/cancel`, {
    headers,
    data: { reason: 'Wrong version' },
  });
  expect(await cancelled.json()).toEqual({ id, status: 'cancelled' });
  expect(linkOf(token)).toEqual({ revokedReason: 'cancelled' });
  const notice = await waitForMail(first, (mail) => mail.text.includes('Wrong version'));
  expect(notice.text).not.toMatch(/\/sign\//);
  expect((await outboxMails(dataDir)).filter((mail) => mail.to === second)).toEqual([]);
});
