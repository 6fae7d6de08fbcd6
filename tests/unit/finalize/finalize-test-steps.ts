import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { P12Signer, PDF } from '@libpdf/core';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { TFinalizeSteps } from '@/lib/server/finalize/finalize-steps';
import { sha256Hex } from '@/lib/sha256-hex';

/**
 * Small real stand-ins for the flattening and the seal that other parts
 * write (tests only): the working PDF copied through pdf-lib with a one-page
 * certificate appended, and a PAdES B-B seal by @libpdf/core with a
 * throwaway key made by openssl. Deterministic preparation, like the real one.
 */
export function throwawayP12(): { p12: Uint8Array; password: string; certPem: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'signet-seal-test-'));
  const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  run([
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'key.pem',
    '-out',
    'cert.pem',
    '-subj',
    '/CN=Signet Test Seal',
    '-days',
    '2',
  ]);
  run(['pkcs12', '-export', '-inkey', 'key.pem', '-in', 'cert.pem', '-out', 'seal.p12', '-passout', 'pass:test']);
  return {
    p12: readFileSync(path.join(dir, 'seal.p12')),
    password: 'test',
    certPem: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
  };
}

type TReadWorking = (documentId: string) => Promise<Uint8Array>;

async function certificatePdf(documentId: string, completedAt: Date): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setCreationDate(completedAt);
  pdf.setModificationDate(completedAt);
  const page = pdf.addPage([595, 842]);
  page.drawText(`Certificate of completion ${documentId} ${completedAt.toISOString()}`, {
    x: 40,
    y: 800,
    size: 10,
    font: await pdf.embedFont(StandardFonts.Helvetica),
  });
  return pdf.save();
}

export function testFinalizeSteps(
  readWorking: TReadWorking,
  p12 = throwawayP12(),
): TFinalizeSteps & { calls: { prepare: number; seal: number } } {
  const calls = { prepare: 0, seal: 0 };
  return {
    calls,
    prepare: async (documentId, { completedAt }) => {
      calls.prepare += 1;
      const certificate = await certificatePdf(documentId, completedAt);
      const pdf = await PDFDocument.load(await readWorking(documentId));
      pdf.setCreationDate(completedAt);
      pdf.setModificationDate(completedAt);
      const appended = await PDFDocument.load(certificate);
      for (const page of await pdf.copyPages(appended, appended.getPageIndices())) pdf.addPage(page);
      const bytes = await pdf.save({ useObjectStreams: false });
      return {
        bytes,
        flattenedSha256: sha256Hex(bytes),
        flattenedLength: bytes.length,
        certificate,
        pageCount: pdf.getPageCount(),
      };
    },
    seal: async (bytes) => {
      calls.seal += 1;
      const signer = await P12Signer.create(p12.p12, p12.password);
      const pdf = await PDF.load(bytes);
      const signedAt = new Date();
      const result = await pdf.sign({ signer, level: 'B-B' });
      return { bytes: result.bytes, level: 'B-B', signedAt, timestampAt: null };
    },
  };
}

/** The error a timestamp authority that does not answer makes the seal throw (retryable); loaded late, as the app's module (tests reset modules). */
export async function tsaUnavailable() {
  const { AppError } = await import('@/lib/errors');
  return new AppError('SERVICE_UNAVAILABLE', 'The timestamp authority did not answer.', {
    extensions: { code: 'tsa_unavailable' },
  });
}

/** The steps with a seal that fails for the first `failures` calls (a TSA outage), then seals. */
export function flakySeal<T extends TFinalizeSteps>(steps: T, failures: number): T {
  let left = failures;
  return {
    ...steps,
    seal: async (bytes, options) => {
      if (left > 0) {
        left -= 1;
        throw await tsaUnavailable();
      }
      return steps.seal(bytes, options);
    },
  };
}
