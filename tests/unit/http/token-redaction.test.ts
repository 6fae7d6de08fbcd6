import { afterEach, describe, expect, it, vi } from 'vitest';
import { REDACTED, redactTokenPaths } from '@/lib/http/token-paths.mjs';
import { createPinoLogger, logger } from '@/lib/server/logger';

// Each route below fails unexpectedly (a 500) once past its rate limits, the way a database outage would.
vi.mock('@/lib/server/http/rate-limit', () => ({ limit: async () => undefined }));
vi.mock('@/lib/server/signing/link/resolve-signing-token', () => ({
  resolveSigningToken: async (token: string) => {
    throw new Error(`lookup of http://signet.test/api/v1/signing/${token}/pdf timed out`);
  },
}));
vi.mock('@/lib/server/finalize/download-by-link', () => ({
  downloadByLink: async () => {
    throw new Error('connection to db.internal:5432 refused');
  },
}));
vi.mock('@/lib/server/auth/require-user', () => ({ requireUser: async () => ({ id: 'user-1' }) }));
vi.mock('@/lib/server/documents/read-owned-document-pdf', () => ({
  readOwnedDocumentPdf: async () => {
    throw new Error('blob store unreachable');
  },
}));

const holder = globalThis as typeof globalThis & { signetLogger?: unknown };

/** The app's logger writing into an array: the raw lines, as they would reach stdout. */
function captureLines(): string[] {
  const lines: string[] = [];
  holder.signetLogger = createPinoLogger('debug', { write: (line: string) => lines.push(line) });
  return lines;
}

afterEach(() => {
  delete holder.signetLogger;
});

// 256 random bits, base64url, as a signing link carries them; a download token is payload.signature.
const SIGNING_TOKEN = 'q8Zr0s3B-nT4_yVb9KdLm2WcXe7HpJa5UfGi6OoQ1tE';
const DOWNLOAD_TOKEN = 'eyJkIjoiZG9jIiwiciI6bnVsbCwiZSI6MX0.Zm9vYmFyYmF6cXV4cXV1eA';
const DOC_TOKEN = 'Xk3pL9qR2sT7vW1yZ4aB6cD8eF0gH5jK';

describe('a 500 on a token-bearing route', () => {
  it('logs the signer route with the token redacted, in the path and in the error', async () => {
    const lines = captureLines();
    const { GET } = await import('@/app/api/v1/signing/[token]/pdf/route');
    const response = await GET(new Request(`http://signet.test/api/v1/signing/${SIGNING_TOKEN}/pdf`), {
      params: Promise.resolve({ token: SIGNING_TOKEN }),
    });
    expect(response.status).toBe(500);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(SIGNING_TOKEN);
    const line = JSON.parse(lines[0]!) as { msg: string; path: string; error: { message: string; stack: string } };
    expect(line).toMatchObject({ msg: 'unhandled error', path: `/api/v1/signing/${REDACTED}/pdf` });
    expect(line.error.message).toBe(`lookup of http://signet.test/api/v1/signing/${REDACTED}/pdf timed out`);
  });

  it('logs the download link route with its token redacted', async () => {
    const lines = captureLines();
    const { GET } = await import('@/app/api/downloads/[token]/route');
    const response = await GET(new Request(`http://signet.test/api/downloads/${DOWNLOAD_TOKEN}`), {
      params: Promise.resolve({ token: DOWNLOAD_TOKEN }),
    });
    expect(response.status).toBe(500);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(DOWNLOAD_TOKEN);
    expect(lines[0]).not.toContain(DOWNLOAD_TOKEN.split('.')[0]);
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'unhandled error', path: `/api/downloads/${REDACTED}` });
  });

  it("logs the owner's PDF route with the document token redacted", async () => {
    const lines = captureLines();
    const { GET } = await import('@/app/api/documents/[doctoken]/pdf/route');
    const response = await GET(new Request(`http://signet.test/api/documents/${DOC_TOKEN}/pdf`), {
      params: Promise.resolve({ doctoken: DOC_TOKEN }),
    });
    expect(response.status).toBe(500);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(DOC_TOKEN);
    expect(JSON.parse(lines[0]!)).toMatchObject({ path: `/api/documents/${REDACTED}/pdf` });
  });
});

describe('every logged line', () => {
  it('has the tokens of signing pages (every locale), signer API, download and document paths redacted wherever they sit', () => {
    const lines = captureLines();
    logger.warn(`page /pt/sign/${SIGNING_TOKEN} failed`, {
      path: `/sign/${SIGNING_TOKEN}`,
      request: {
        url: `https://signet.example/cs/sign/${SIGNING_TOKEN}?eidError=denied`,
        referer: `https://signet.example/document/${DOC_TOKEN}`,
      },
      links: [`/api/downloads/${DOWNLOAD_TOKEN}`, `/api/v1/signing/${SIGNING_TOKEN}`],
      error: new Error(`fetch /api/v1/signing/${SIGNING_TOKEN}/fields/f1 failed`),
    });
    expect(lines).toHaveLength(1);
    for (const secret of [SIGNING_TOKEN, DOWNLOAD_TOKEN, DOC_TOKEN]) expect(lines[0]).not.toContain(secret);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      msg: `page /pt/sign/${REDACTED} failed`,
      path: `/sign/${REDACTED}`,
      request: {
        url: `https://signet.example/cs/sign/${REDACTED}?eidError=denied`,
        referer: `https://signet.example/document/${REDACTED}`,
      },
      links: [`/api/downloads/${REDACTED}`, `/api/v1/signing/${REDACTED}`],
      error: { message: `fetch /api/v1/signing/${REDACTED}/fields/f1 failed` },
    });
  });

  it('keeps paths without a token as they are', () => {
    for (const path of [
      '/api/v1/signing/oidc/callback',
      '/api/v1/signing-requests/abc',
      '/api/v1/documents/abc/download',
      '/api/documents',
      '/sign-in',
      '/pt/dashboard',
      'documents/0b6f/original.pdf',
    ]) {
      expect(redactTokenPaths(path)).toBe(path);
    }
    const lines = captureLines();
    logger.info('eID callback', { path: '/api/v1/signing/oidc/callback' });
    expect(JSON.parse(lines[0]!)).toMatchObject({ path: '/api/v1/signing/oidc/callback' });
  });
});
