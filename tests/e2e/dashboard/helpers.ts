import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import type { TDocumentList, TDocumentSummary } from '@/lib/api/v1/documents';
import { makePdf } from '@/tests/fixtures/pdf-files';
import { signInAsNew } from '../auth/helpers';

// The app under test writes here (playwright.config.ts passes the same folder as DATA_DIR).
const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? '.test-data/e2e');

export function withDb<T>(work: (db: Database.Database) => T): T {
  const db = new Database(path.join(dataDir, 'signet.db'), { fileMustExist: true, timeout: 10_000 });
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** How the app's SQLite adapter writes a DateTime (iso8601 with +00:00). */
const sqliteTime = (date: Date) => date.toISOString().replace('Z', '+00:00');

export const toasts = (page: Page) => page.locator('[data-sonner-toaster]');

/** The anti-forgery header our pages send, from the cookie the proxy set. */
export async function xsrfHeaders(page: Page) {
  const cookie = (await page.context().cookies()).find(({ name }) => name === 'XSRF-TOKEN');
  expect(cookie, 'XSRF-TOKEN cookie').toBeTruthy();
  return { 'X-XSRF-TOKEN': cookie?.value ?? '' };
}

/** Pro has no monthly quota: a test can seed more than the Free plan's five documents. */
export function makePro(email: string) {
  withDb((db) =>
    db
      .prepare('UPDATE "Workspace" SET "plan" = \'PRO\' WHERE "id" = (SELECT "id" FROM "User" WHERE "email" = ?)')
      .run(email),
  );
}

/** Uploads each name as a real one-page PDF through the UI's upload route, oldest first. */
export async function uploadDocuments(page: Page, names: readonly string[]) {
  const pdf = await makePdf();
  for (const name of names) {
    const response = await page.request.post('/api/documents', {
      headers: await xsrfHeaders(page),
      multipart: { file: { name, mimeType: 'application/pdf', buffer: pdf } },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

/** Every document of the signed-in owner, through the v1 API with the page's session. */
export async function listAll(page: Page, query = ''): Promise<TDocumentSummary[]> {
  const response = await page.request.get(`/api/v1/documents?limit=100${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as TDocumentList).items;
}

/**
 * Puts a document out for signature as sending would leave it: pending, one
 * signer invited (so "who must act next" names them). Straight in the
 * database, so these tests do not depend on the send flow.
 */
export function markPending(documentId: string, signer: { name: string; email: string }) {
  const now = sqliteTime(new Date());
  withDb((db) => {
    db.prepare('UPDATE "Document" SET "status" = \'PENDING\', "sentAt" = ?, "updatedAt" = ? WHERE "id" = ?').run(
      now,
      now,
      documentId,
    );
    db.prepare(
      'INSERT INTO "Recipient" ("id", "documentId", "email", "name", "role", "order", "status", "auth", "sentAt", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, \'SIGNER\', 1, \'SENT\', \'NONE\', ?, ?, ?)',
    ).run(`e2e${randomUUID().replaceAll('-', '')}`, documentId, signer.email, signer.name, now, now, now);
  });
}

export function documentStatus(documentId: string): string | undefined {
  return withDb(
    (db) =>
      (db.prepare('SELECT "status" FROM "Document" WHERE "id" = ?').get(documentId) as { status: string } | undefined)
        ?.status,
  );
}

/** Sends a draft to one signer through the real API (recipients, a signature field, send), as the workspace does. */
export async function sendForSignature(page: Page, documentId: string, signer: { name: string; email: string }) {
  const base = `/api/v1/documents/${encodeURIComponent(documentId)}`;
  const headers = await xsrfHeaders(page);
  const recipients = await page.request.put(`${base}/recipients`, { headers, data: { recipients: [signer] } });
  expect(recipients.status(), await recipients.text()).toBe(200);
  const [recipient] = ((await recipients.json()) as { recipients: { id: string }[] }).recipients;
  const fields = await page.request.put(`${base}/fields`, {
    headers,
    data: { fields: [{ recipientId: recipient?.id, type: 'signature', page: 1, x: 10, y: 10 }] },
  });
  expect(fields.status(), await fields.text()).toBe(200);
  const sent = await page.request.post(`${base}/send`, { headers, data: { signingOrder: 'sequential' } });
  expect(sent.status(), await sent.text()).toBe(200);
}

/**
 * Signs in as a brand-new owner on /dashboard with the dashboard's and the
 * workspace's guided tours marked done (each starts on a first visit and would
 * cover the page), then shows the dashboard again.
 */
export async function signInToDashboard(page: Page, prefix: string, path = '/dashboard') {
  const email = await signInAsNew(page, prefix, path);
  const response = await page.request.patch('/api/me/preferences', {
    headers: await xsrfHeaders(page),
    data: { toursDone: { dashboard: true, workspace: true } },
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto(path);
  return email;
}
