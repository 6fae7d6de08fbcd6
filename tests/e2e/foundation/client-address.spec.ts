import path from 'node:path';
import Database from 'better-sqlite3';
import { makePdf } from '@/tests/fixtures/pdf-files';
import { signInAsNew } from '../auth/helpers';
import { expect, test } from '../fixtures';

/**
 * Through `npm start` (scripts/serve.mjs in front of Next): the client address
 * is the socket's, whatever the client writes in X-Forwarded-For or in the
 * internal header serve.mjs sets; a malformed cookie is no 500; an
 * Authorization header does not skip the anti-forgery check.
 */

const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? '.test-data/e2e');

/** The keys the rate limiter counts under (RateLimiterFlexible: "<policy>:<key>"). */
function rateLimitKeys(): string[] {
  const db = new Database(path.join(dataDir, 'signet.db'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT "key" FROM "RateLimiterFlexible"').all() as { key: string }[]).map((row) => row.key);
  } finally {
    db.close();
  }
}

function auditAddress(doctoken: string): { ip: string | null; userAgent: string | null } | undefined {
  const db = new Database(path.join(dataDir, 'signet.db'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        'SELECT a."ip", a."userAgent" FROM "AuditEvent" a JOIN "Document" d ON d."id" = a."documentId" WHERE d."token" = ?',
      )
      .get(doctoken) as { ip: string | null; userAgent: string | null } | undefined;
  } finally {
    db.close();
  }
}

test('the audit trail records the socket address, not a forged X-Forwarded-For or internal header', async ({
  page,
}) => {
  await signInAsNew(page, 'address');
  const token = decodeURIComponent(
    (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value,
  );
  const response = await page.request.post('/api/documents', {
    multipart: { file: { name: 'Address.pdf', mimeType: 'application/pdf', buffer: await makePdf(1) } },
    headers: {
      'X-XSRF-TOKEN': token,
      'X-Forwarded-For': '198.51.100.7',
      'X-Real-IP': '198.51.100.8',
      'X-Signet-Socket-Address': '203.0.113.9',
      'User-Agent': `e2e/${'x'.repeat(600)}`,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { document } = (await response.json()) as { document: { doctoken: string } };
  const stored = auditAddress(document.doctoken)!;
  expect(['127.0.0.1', '::1']).toContain(stored.ip);
  expect(stored.userAgent).toHaveLength(512);
  // Sign-in went through the proxy (proxy.ts) to /api/auth/login and the callback: counted under the socket address too.
  const signIns = rateLimitKeys().filter((key) => key.startsWith('signIn:'));
  expect(signIns.length).toBeGreaterThan(0);
  for (const key of signIns) expect(['signIn:127.0.0.1', 'signIn:::/64']).toContain(key);
});

test('a malformed cookie value is no 500, and an Authorization header does not skip the anti-forgery check', async ({
  page,
}) => {
  await signInAsNew(page, 'cookie');
  const session = (await page.context().cookies()).filter((cookie) => cookie.name.includes('authjs.session-token'));
  const cookie = [...session.map(({ name, value }) => `${name}=${value}`), 'XSRF-TOKEN=%E0%A4%A'].join('; ');
  const multipart = { file: { name: 'x.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') } };
  const malformed = await page.request.fetch('/api/documents', {
    method: 'POST',
    multipart,
    headers: { cookie, 'X-XSRF-TOKEN': 'other' },
  });
  expect(malformed.status()).toBe(403);
  const viaProxy = await page.request.fetch('/api/me', {
    method: 'PATCH',
    data: { name: 'Eve' },
    headers: { cookie, authorization: 'Bearer made-up' },
  });
  expect(viaProxy.status()).toBe(403);
  const upload = await page.request.fetch('/api/documents', {
    method: 'POST',
    multipart,
    headers: { authorization: 'Bearer made-up' },
  });
  expect(upload.status()).toBe(403);
});
