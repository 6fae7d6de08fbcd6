// The sealed PDF every recipient receives embeds the signers' attachments: a document whose signer attached
// hostile files (a PDF with JavaScript named .html, a PNG with a page appended named .pdf, a JPEG with EXIF/GPS,
// a payload and a bidi-trick name) is finalized with the product's steps and the sealed file judged by poppler's
// pdfdetach and qpdf: only the cleaned files are in it, under safe names with the right extensions.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  APPENDED_PAGE,
  GPS_MARKER,
  makeJpeg,
  makePng,
  withAppendedPage,
  withExif,
} from '@/tests/fixtures/attachment-files';
import { makeJavaScriptPdf } from '@/tests/fixtures/pdf-files';
import { tempFolder } from '../pdf/seal-helpers';
import { finalizeJobWorld } from './finalize-job-world';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

const { mod, runJobs, sent, consent, putField, putRaw, complete, documentRow } = finalizeJobWorld();
const has = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(Buffer.from(text, 'latin1'));

function attach(token: string, fieldId: string, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(bytes)]), name);
  return putRaw(token, fieldId, { body: form });
}

/** The PDF as qpdf writes it out uncompressed, object streams unpacked: every dictionary and string in plain sight. */
function uncompressed(file: string): Buffer {
  const out = `${file}.qdf`;
  const run = spawnSync('qpdf', ['--qdf', '--object-streams=disable', '--stream-data=uncompress', file, out]);
  // 3: written with warnings.
  if (run.status !== 0 && run.status !== 3) throw new Error(`qpdf failed: ${run.stderr.toString()}`);
  return readFileSync(out);
}

describe("a document whose signer attached hostile files, sealed with the product's steps", () => {
  it("embeds only the cleaned files: safe names, the detected types' extensions, no JavaScript, no payloads, no EXIF", async () => {
    const email = `ana-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const { document, people, fieldIds, tokens } = await sent(
      [{ email, name: 'Ana' }],
      [
        { to: 0, type: 'signature' },
        { to: 0, type: 'attachment' },
        { to: 0, type: 'attachment' },
        { to: 0, type: 'attachment' },
      ],
    );
    await consent(people[0]!.id);
    const token = tokens[email]!;
    const [signature, pdfField, pngField, jpegField] = fieldIds as [string, string, string, string];
    const hostilePdf = await makeJavaScriptPdf();
    const answers = [
      await attach(token, pdfField, hostilePdf, 'Invoice.html'),
      await attach(token, pngField, withAppendedPage(makePng(12, 8)), 'photo.pdf'),
      await attach(token, jpegField, withAppendedPage(withExif(makeJpeg(32, 16), 6)), '..\\..\\scan\u202egpj.exe'),
    ];
    expect(
      answers.map((answer) => answer.status),
      JSON.stringify(answers.map((answer) => answer.body)),
    ).toEqual([200, 200, 200]);
    expect((await putField(token, signature, { signature: { kind: 'typed', text: 'Ana' } })).status).toBe(200);
    expect((await complete(token)).status).toBe(200);

    const { productionFinalizeSteps } = await import('@/lib/server/finalize/finalize-steps');
    await runJobs({ steps: productionFinalizeSteps });
    const row = await documentRow(document.id);
    expect(row, row.finalizeError ?? '').toMatchObject({ status: 'COMPLETED' });

    const folder = tempFolder('signet-attachments-');
    const sealed = path.join(folder, 'sealed.pdf');
    writeFileSync(sealed, await mod.store.get(row.sealedBlob!));
    const listed = execFileSync('pdfdetach', ['-list', '-enc', 'UTF-8', sealed]).toString('utf8');
    const names = listed
      .split('\n')
      .flatMap((line) => /^\d+: (.*)$/.exec(line)?.[1] ?? [])
      .sort();
    expect(names).toEqual(['Invoice.pdf', 'photo.png', 'scangpj.jpg', 'signet-audit.json', 'signet-biometric.json']);

    const saved = path.join(folder, 'saved');
    mkdirSync(saved);
    execFileSync('pdfdetach', ['-saveall', '-enc', 'UTF-8', '-o', saved, sealed]);
    expect(readdirSync(saved).sort()).toEqual(names);

    // The PDF: still the signer's page, without a trace of its scripts (qpdf unpacks every stream to look).
    const pdf = path.join(saved, 'Invoice.pdf');
    expect(execFileSync('qpdf', ['--show-npages', pdf]).toString().trim()).toBe('1');
    // What the signer sent had them (the judge can see them).
    writeFileSync(path.join(folder, 'hostile.pdf'), hostilePdf);
    expect(has(uncompressed(path.join(folder, 'hostile.pdf')), 'app.alert')).toBe(true);
    const plain = uncompressed(pdf);
    for (const token of ['/JavaScript', '/JS', '/OpenAction', '/AA', 'app.alert'])
      expect(has(plain, token), token).toBe(false);

    // The images: they end where the image ends, with nothing of the page appended, nor EXIF and its GPS.
    const png = readFileSync(path.join(saved, 'photo.png'));
    expect(png.subarray(-8).toString('latin1')).toBe('IEND\xaeB`\x82');
    expect(has(png, '<script')).toBe(false);
    const jpeg = readFileSync(path.join(saved, 'scangpj.jpg'));
    expect([...jpeg.subarray(-2)]).toEqual([0xff, 0xd9]);
    for (const text of [GPS_MARKER, 'Exif', APPENDED_PAGE.slice(0, 24)]) expect(has(jpeg, text), text).toBe(false);
  }, 180_000);
});
