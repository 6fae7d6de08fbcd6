import { describe, expect, it } from 'vitest';
import { NO_FILE_SELECTED, readMultipartUpload } from '@/lib/server/http/read-multipart-upload';
import { spoolUpload } from '@/lib/server/documents/upload/spool-upload';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const limits = { maxBytes: 1024 * 1024 };

function formRequest(form: FormData): Request {
  return new Request('http://localhost/api/documents', { method: 'POST', body: form });
}

async function collect(data: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of data) parts.push(part);
  return Buffer.concat(parts);
}

describe('readMultipartUpload', () => {
  it('streams the one file with its UTF-8 name and the fields before it', async () => {
    const form = new FormData();
    form.append('source', 'desktop');
    const bytes = Buffer.alloc(300_000, 7);
    form.append('file', new Blob([bytes]), 'Smlouva – č. 1.pdf');
    const upload = await readMultipartUpload(formRequest(form), limits);
    expect(upload.fileName).toBe('Smlouva – č. 1.pdf');
    expect(upload.fields).toEqual({ source: 'desktop' });
    expect((await collect(upload.data)).equals(bytes)).toBe(true);
  });

  it("says 'No file was selected.' when the form has no file, or an empty file input", async () => {
    const form = new FormData();
    form.append('source', 'desktop');
    await expect(readMultipartUpload(formRequest(form), limits)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      detail: NO_FILE_SELECTED,
    });
    const empty = new FormData();
    empty.append('file', new Blob([]), '');
    await expect(readMultipartUpload(formRequest(empty), limits)).rejects.toMatchObject({ detail: NO_FILE_SELECTED });
  });

  it('fails the upload when a second file follows', async () => {
    const form = new FormData();
    form.append('file', new Blob(['first']), 'a.pdf');
    form.append('file', new Blob(['second']), 'b.pdf');
    const upload = await readMultipartUpload(formRequest(form), limits);
    await expect(collect(upload.data)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      detail: 'Send exactly one file per upload.',
    });
  });

  it('refuses other content types', async () => {
    const request = new Request('http://localhost/x', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    await expect(readMultipartUpload(request, limits)).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('lets the spool refuse an oversize file without holding it', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(limits.maxBytes + 10)]), 'big.pdf');
    const upload = await readMultipartUpload(formRequest(form), limits);
    const dir = mkdtempSync(path.join(tmpdir(), 'signet-multipart-'));
    await expect(spoolUpload(upload.data, dir, { maxBytes: limits.maxBytes })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('fails cleanly when the client goes away mid-file', async () => {
    const boundary = 'XyZ';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent++ === 0) controller.enqueue(new TextEncoder().encode(`${head}%PDF-1.7 partial`));
        else {
          await new Promise((resolve) => setTimeout(resolve, 50));
          controller.error(new Error('socket hang up'));
        }
      },
    });
    const request = new Request('http://localhost/x', {
      method: 'POST',
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    } as RequestInit);
    const outcome = readMultipartUpload(request, limits).then((upload) => collect(upload.data));
    await expect(outcome).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      detail: expect.stringContaining('broke off'),
    });
  });

  it('reads no more of the body once the file passed the size limit and the caller stopped', async () => {
    const { request, sent } = longUpload((index) =>
      index === 0 ? head('file', 'big.pdf') : Buffer.alloc(64 * 1024, 0x20),
    );
    const upload = await readMultipartUpload(request, limits);
    const dir = mkdtempSync(path.join(tmpdir(), 'signet-multipart-'));
    await expect(spoolUpload(upload.data, dir, { maxBytes: limits.maxBytes })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stoppedAt = sent();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sent()).toBe(stoppedAt);
    expect(stoppedAt).toBeLessThan(limits.maxBytes + 2 * 1024 * 1024);
  });

  it('refuses a form past its part limits at once and reads no more of it', async () => {
    // 2000 fields: past the 20 allowed, nothing more is read.
    const { request, sent } = longUpload((index) =>
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="f${index}"\r\n\r\nx\r\n`),
    );
    await expect(readMultipartUpload(request, limits)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      detail: expect.stringMatching(/too many/),
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sent()).toBeLessThan(64 * 1024); // of 140 kB
  });
});

const BOUNDARY = 'signet-test-boundary';

function head(field: string, fileName: string): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
}

/** A multipart request whose body goes on for long (chunk(i) for i = 0 … 1999, then the end), counting what was pulled from it. */
function longUpload(chunk: (index: number) => Buffer) {
  let index = 0;
  let bytes = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      // A network's pace: the reader's timers and events get their turn.
      await new Promise((resolve) => setImmediate(resolve));
      if (index === 2000) return controller.close();
      const next = chunk(index++);
      bytes += next.length;
      controller.enqueue(new Uint8Array(next));
    },
  });
  const request = new Request('http://localhost/api/documents', {
    method: 'POST',
    body,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    duplex: 'half',
  } as RequestInit);
  return { request, sent: () => bytes };
}
