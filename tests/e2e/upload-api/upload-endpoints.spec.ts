import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type APIResponse, type Page, request as newRequest } from '@playwright/test';
import Database from 'better-sqlite3';
import { PDFDocument } from 'pdf-lib';
import { findPdfScripts } from '@/lib/server/pdf/pdf-scripts';
import { makePdf } from '@/tests/fixtures/pdf-files';
import { type TCorpusCase, writeUploadCorpus } from '@/tests/fixtures/upload-corpus';
import { signInAsNew } from '../auth/helpers';
import { expect, test } from '../fixtures';
import { finishTours } from '../tour-helpers';

/**
 * The two upload endpoints over HTTP against the running app: the legacy
 * contract (docs/uploads.md, Upload endpoints) field by field, the streaming multipart route of our UI,
 * the hostile corpus through both, the Free quota, and a near-limit upload
 * arriving whole (both routes bypass the proxy, which would cut bodies at 10 MB).
 */

// The app under test writes here (playwright.config.ts passes the same folder as DATA_DIR).
const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? '.test-data/e2e');
const MAX_BYTES = 25 * 1024 * 1024; // UPLOAD_MAX_BYTES default (the e2e server sets none)
const MAX_PAGES = 500; // UPLOAD_MAX_PAGES default

type TStoredDocument = {
  token: string;
  name: string;
  mode: string;
  originalSha256: string;
  originalBlob: string;
  currentBlob: string | null;
  pageCount: number;
  email: string;
};

function withDb<T>(read: (db: Database.Database) => T): T {
  const db = new Database(path.join(dataDir, 'signet.db'), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

const documentCount = () =>
  withDb((db) => (db.prepare('SELECT count(*) AS n FROM "Document"').get() as { n: number }).n);

function storedDocument(token: string): TStoredDocument | undefined {
  return withDb(
    (db) =>
      db
        .prepare(
          'SELECT d."token", d."name", d."mode", d."originalSha256", d."originalBlob", d."currentBlob", d."pageCount", u."email" FROM "Document" d JOIN "User" u ON u."id" = d."ownerId" WHERE d."token" = ?',
        )
        .get(token) as TStoredDocument | undefined,
  );
}

const auditEvents = (token: string) =>
  withDb(
    (db) =>
      db
        .prepare('SELECT a."type" FROM "AuditEvent" a JOIN "Document" d ON d."id" = a."documentId" WHERE d."token" = ?')
        .all(token) as { type: string }[],
  );

/** Every file under the blob folder (the local store's layout is its own business). */
function blobFiles(): string[] {
  const root = path.join(dataDir, 'blobs');
  try {
    return (
      readdirSync(root, { recursive: true, withFileTypes: true }) as {
        isFile(): boolean;
        parentPath: string;
        name: string;
      }[]
    )
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function xsrfToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'XSRF-TOKEN');
  expect(cookie, 'the XSRF-TOKEN cookie').toBeTruthy();
  return decodeURIComponent(cookie!.value);
}

function extensionOf(name: string) {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1);
}

function legacyFields(
  owner: string,
  name: string,
  bytes: Buffer,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    docData: `data:application/pdf;base64,${bytes.toString('base64')}`,
    docOwner: owner,
    documentName: name,
    docExtension: extensionOf(name),
    applicationMode: 'EDIT',
    ...overrides,
  };
}

type TUploader = {
  email: string;
  legacy(
    name: string,
    bytes: Buffer,
    overrides?: Record<string, string>,
    headers?: Record<string, string>,
  ): Promise<APIResponse>;
  multipart(name: string, bytes: Buffer, headers?: Record<string, string>): Promise<APIResponse>;
};

/** A brand-new Free user signed in through the browser; uploads with its cookies and anti-forgery header. */
async function newUploader(page: Page, prefix: string): Promise<TUploader> {
  const email = await signInAsNew(page, prefix);
  await finishTours(page); // some tests open the workspace, whose tour would start there
  const token = await xsrfToken(page);
  return {
    email,
    legacy: (name, bytes, overrides = {}, headers = { 'X-XSRF-TOKEN': token }) =>
      page.request.post('/REST/uploadDocument', {
        form: legacyFields(email, name, bytes, overrides),
        headers,
        timeout: 120_000,
      }),
    multipart: (name, bytes, headers = { 'X-XSRF-TOKEN': token }) =>
      page.request.post('/api/documents', {
        multipart: { file: { name, mimeType: 'application/octet-stream', buffer: bytes } },
        headers,
        timeout: 120_000,
      }),
  };
}

async function expectProblem(response: APIResponse, status: number, detail?: RegExp) {
  expect(response.status(), await response.text()).toBe(status);
  expect(response.headers()['content-type']).toContain('application/problem+json');
  const body = (await response.json()) as { status: number; title: string; detail?: string };
  expect(body.status).toBe(status);
  expect(body.detail ?? '', 'a reason the user can read').not.toBe('');
  if (detail) expect(body.detail).toMatch(detail);
  return body;
}

test.describe.configure({ timeout: 180_000 });

test("legacy POST /REST/uploadDocument answers exactly the legacy contract's shape and stores the document for its owner", async ({
  page,
}) => {
  const uploader = await newUploader(page, 'legacy');
  const pdf = await makePdf(3);
  const before = documentCount();
  const response = await uploader.legacy('Lease agreement.pdf', pdf);
  expect(response.status(), await response.text()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/json');
  const body = (await response.json()) as { uploadResult: string; document: Record<string, unknown> };
  expect(Object.keys(body).sort()).toEqual(['document', 'uploadResult']);
  expect(body.uploadResult).toBe('OK');
  expect(Object.keys(body.document).sort()).toEqual(['docid', 'docname', 'doctoken']);
  expect(body.document.docname).toBe('Lease agreement.pdf');
  expect(typeof body.document.docid).toBe('string');
  expect(body.document.docid).not.toBe('');
  // Unguessable: at least 128 bits, base64url.
  const doctoken = body.document.doctoken as string;
  expect(doctoken).toMatch(/^[A-Za-z0-9_-]{22,}$/);
  expect(doctoken).not.toBe(body.document.docid);

  expect(documentCount()).toBe(before + 1);
  const stored = storedDocument(doctoken)!;
  expect(stored).toMatchObject({
    name: 'Lease agreement.pdf',
    mode: 'EDIT',
    email: uploader.email,
    pageCount: 3,
    originalSha256: sha256(pdf),
  });
  expect(auditEvents(doctoken).map((event) => event.type)).toContain('document.uploaded');
  // What the blob folder holds is ciphertext: the PDF's bytes are nowhere in it in clear.
  const blob = readFileSync(path.join(dataDir, 'blobs', ...stored.originalBlob.split('/')));
  expect(blob.includes(pdf.subarray(0, 64))).toBe(false);

  await page.goto(`/document/${doctoken}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lease agreement.pdf');
});

test('legacy upload refusals: foreign docOwner 403, no session 401, no or wrong anti-forgery header 403, bad fields 400, unknown types 415', async ({
  page,
  baseURL,
}) => {
  const uploader = await newUploader(page, 'legacy-refusals');
  const pdf = await makePdf(1);
  const before = documentCount();
  const blobsBefore = blobFiles();

  await expectProblem(await uploader.legacy('a.pdf', pdf, { docOwner: 'alice@signet.localhost' }), 403, /docOwner/);
  await expectProblem(await uploader.legacy('a.pdf', pdf, {}, {}), 403, /X-XSRF-TOKEN/);
  await expectProblem(
    await uploader.legacy('a.pdf', pdf, {}, { 'X-XSRF-TOKEN': 'not-the-cookie' }),
    403,
    /X-XSRF-TOKEN/,
  );
  const anonymous: APIRequestContext = await newRequest.newContext({ baseURL });
  try {
    await expectProblem(
      await anonymous.post('/REST/uploadDocument', { form: legacyFields(uploader.email, 'a.pdf', pdf) }),
      401,
    );
    await expectProblem(
      await anonymous.post('/api/documents', {
        multipart: { file: { name: 'a.pdf', mimeType: 'application/pdf', buffer: pdf } },
      }),
      401,
    );
  } finally {
    await anonymous.dispose();
  }

  for (const [label, overrides] of [
    ['no documentName', { documentName: '' }],
    ['docData not a data URL', { docData: 'JVBERi0xLjcK' }],
    ['docData not base64', { docData: 'data:application/pdf;base64,@@@@' }],
    ['applicationMode other than EDIT', { applicationMode: 'SIGN' }],
  ] as const) {
    await test.step(label, async () => expectProblem(await uploader.legacy('a.pdf', pdf, overrides), 400));
  }
  await expectProblem(await uploader.legacy('a.exe', pdf), 415);
  await expectProblem(await uploader.legacy('no-extension', pdf), 415);
  const asJson = await page.request.post('/REST/uploadDocument', {
    data: legacyFields(uploader.email, 'a.pdf', pdf),
    headers: { 'X-XSRF-TOKEN': await xsrfToken(page) },
  });
  expect(asJson.status()).toBeGreaterThanOrEqual(400);
  expect(asJson.status()).toBeLessThan(500);
  await expectProblem(asJson, asJson.status());

  expect(documentCount()).toBe(before);
  expect(blobFiles()).toEqual(blobsBefore);
});

test('multipart POST /api/documents answers 201 with the same shape; a request without the file field is refused', async ({
  page,
}) => {
  const uploader = await newUploader(page, 'multipart');
  const pdf = await makePdf(2);
  const response = await uploader.multipart('Offer.pdf', pdf);
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as {
    uploadResult: string;
    document: { doctoken: string; docname: string; docid: string };
  };
  expect(body.uploadResult).toBe('OK');
  expect(Object.keys(body.document).sort()).toEqual(['docid', 'docname', 'doctoken']);
  expect(storedDocument(body.document.doctoken)).toMatchObject({
    name: 'Offer.pdf',
    email: uploader.email,
    originalSha256: sha256(pdf),
  });

  const token = await xsrfToken(page);
  await expectProblem(
    await page.request.post('/api/documents', { multipart: { other: 'x' }, headers: { 'X-XSRF-TOKEN': token } }),
    400,
  );
  await expectProblem(
    await page.request.post('/api/documents', { data: { file: 'x' }, headers: { 'X-XSRF-TOKEN': token } }),
    415,
  );
  await expectProblem(await uploader.multipart('Offer.pdf', pdf, {}), 403, /X-XSRF-TOKEN/);
});

test('the hostile corpus is refused by both endpoints with a reason, and nothing is stored', async ({ page }) => {
  test.setTimeout(600_000);
  const uploader = await newUploader(page, 'corpus');
  const corpus = await writeUploadCorpus({ maxBytes: MAX_BYTES, maxPages: MAX_PAGES });
  const refused = corpus.filter(
    (entry): entry is TCorpusCase & { expect: { refused: string } } => 'refused' in entry.expect,
  );
  expect(refused.length).toBeGreaterThanOrEqual(10);

  // The PDF with JavaScript is taken with its scripts stripped: prove it on what is stored.
  for (const endpoint of ['legacy', 'multipart'] as const) {
    const entry = corpus.find((candidate) => 'acceptedWithoutScripts' in candidate.expect)!;
    const bytes = readFileSync(entry.file);
    expect(findPdfScripts(await PDFDocument.load(bytes)).length, 'the fixture carries scripts').toBeGreaterThan(0);
    const response =
      endpoint === 'legacy' ? await uploader.legacy(entry.name, bytes) : await uploader.multipart(entry.name, bytes);
    expect(response.status(), await response.text()).toBeLessThan(300);
    const { document } = (await response.json()) as { document: { doctoken: string } };
    const stored = await page.request.get(`/api/documents/${document.doctoken}/pdf`);
    expect(stored.status()).toBe(200);
    expect(findPdfScripts(await PDFDocument.load(await stored.body()))).toEqual([]);
  }

  const before = documentCount();
  const blobsBefore = blobFiles();
  for (const entry of refused) {
    const bytes = readFileSync(entry.file);
    for (const endpoint of ['legacy', 'multipart'] as const) {
      await test.step(`${entry.name} → ${endpoint}`, async () => {
        const response =
          endpoint === 'legacy'
            ? await uploader.legacy(entry.name, bytes)
            : await uploader.multipart(entry.name, bytes);
        expect(response.status(), `${entry.name} via ${endpoint}: ${await response.text()}`).toBeGreaterThanOrEqual(
          400,
        );
        expect(response.status()).toBeLessThan(500);
        const body = await expectProblem(response, response.status());
        expect((body as { code?: string }).code ?? body.title).toBeTruthy();
      });
    }
  }
  expect(documentCount()).toBe(before);
  expect(blobFiles()).toEqual(blobsBefore);
  const health = await page.request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok' });
});

test('a Free user’s sixth upload in a month is refused with 429 and a link to pricing, before anything is stored', async ({
  page,
}) => {
  const uploader = await newUploader(page, 'quota');
  const pdf = await makePdf(1);
  for (let i = 1; i <= 5; i++) {
    const response =
      i % 2 ? await uploader.multipart(`Contract ${i}.pdf`, pdf) : await uploader.legacy(`Contract ${i}.pdf`, pdf);
    expect(response.status(), await response.text()).toBeLessThan(300);
  }
  const before = documentCount();
  const blobsBefore = blobFiles();
  for (const response of [
    await uploader.multipart('Contract 6.pdf', pdf),
    await uploader.legacy('Contract 6.pdf', pdf),
  ]) {
    const body = (await expectProblem(response, 429, /5 documents per month/)) as { pricing?: string };
    expect(body.pricing).toBe('/pricing');
  }
  expect(documentCount()).toBe(before);
  expect(blobFiles()).toEqual(blobsBefore);
});

test('a 24 MB PDF arrives whole through both endpoints (they bypass the proxy, which cuts bodies at 10 MB)', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const uploader = await newUploader(page, 'big');
  const doc = await PDFDocument.create();
  for (let i = 0; i < 24; i++) {
    const pdfPage = doc.addPage([300, 300]);
    pdfPage.drawText(`Page ${i + 1}`, { x: 20, y: 150, size: 14 });
    pdfPage.node.set(
      doc.context.obj('PieceInfo'),
      doc.context.register(doc.context.stream(randomBytes(1024 * 1024 - 4096))),
    );
  }
  const pdf = Buffer.from(await doc.save());
  expect(pdf.length).toBeGreaterThan(23 * 1024 * 1024);
  expect(pdf.length).toBeLessThan(MAX_BYTES);
  for (const endpoint of ['multipart', 'legacy'] as const) {
    const response =
      endpoint === 'legacy' ? await uploader.legacy('big.pdf', pdf) : await uploader.multipart('big.pdf', pdf);
    expect(response.status(), await response.text()).toBeLessThan(300);
    const { document } = (await response.json()) as { document: { doctoken: string } };
    expect(storedDocument(document.doctoken)).toMatchObject({ originalSha256: sha256(pdf), pageCount: 24 });
    const stored = await page.request.get(`/api/documents/${document.doctoken}/pdf`);
    expect(sha256(await stored.body())).toBe(sha256(pdf));
  }
});
