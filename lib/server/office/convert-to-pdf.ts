import 'server-only';
import { chown, copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getEnv } from '@/lib/env';
import { AppError } from '@/lib/errors';
import type { TPdfInspection } from '@/lib/pdf/inspect-pdf';
import { logger } from '@/lib/server/logger';
import { getPdfInspector } from '@/lib/server/pdf/pdf-inspector';
import type { TAcceptedExtension } from '@/lib/upload/file-kind';
import { dropsPrivileges, runSandboxed, UNPRIVILEGED_ID } from './run-sandboxed';
import { Semaphore } from './semaphore';

export type TOfficeConverterOptions = {
  timeoutMs: number;
  concurrency: number;
  maxPages: number;
  /** Parent of the per-run work folders (default: the OS temp folder); under root, nobody must be able to traverse it. */
  tempRoot?: string;
  soffice?: string;
  /** Conversions that may wait for a slot (default 4 × concurrency); one more gets 503 with Retry-After. */
  maxWaiting?: number;
  /** How long a conversion may wait for a slot before the same refusal (default 2 × timeoutMs). */
  maxWaitMs?: number;
};

/**
 * Office → PDF with LibreOffice headless. Each run gets a fresh work folder
 * with its own profile (parallel runs never share one, and no state leaks
 * between users' files), a fixed input name (the user's file name never reaches
 * the command line), no network, a timeout that kills the process group, and a
 * place in a small semaphore. The output is checked like any uploaded PDF, and
 * the work folder is always removed.
 */
export class OfficeConverter {
  private readonly slots: Semaphore;

  constructor(private readonly options: TOfficeConverterOptions) {
    // Waits stay far below the leftover sweeper's hour (a work folder is swept after it); each conversion may take timeoutMs.
    this.slots = new Semaphore(options.concurrency, {
      maxWaiting: options.maxWaiting ?? 4 * options.concurrency,
      maxWaitMs: options.maxWaitMs ?? 2 * options.timeoutMs,
      busy: () =>
        new AppError('SERVICE_UNAVAILABLE', 'The server is busy converting other documents; try again in a few seconds.', { retryAfterSeconds: 15 }),
    });
  }

  convert(file: string, extension: TAcceptedExtension): Promise<TPdfInspection> {
    return this.slots.run(() => this.convertNow(file, extension));
  }

  private async convertNow(file: string, extension: TAcceptedExtension): Promise<TPdfInspection> {
    const work = await mkdtemp(path.join(this.options.tempRoot ?? tmpdir(), 'signet-soffice-'));
    try {
      const input = path.join(work, 'in', `document.${extension}`);
      const outDir = path.join(work, 'out');
      await mkdir(path.dirname(input));
      await mkdir(outDir);
      await copyFile(file, input);
      // The converter runs as nobody when we are root: it may write only its own work folder.
      if (dropsPrivileges()) {
        for (const entry of [work, path.dirname(input), input, outDir]) await chown(entry, UNPRIVILEGED_ID, UNPRIVILEGED_ID);
      }
      const started = Date.now();
      const result = await runSandboxed(
        this.options.soffice ?? 'soffice',
        [
          '--headless', '--invisible', '--norestore', '--nologo', '--nodefault', '--nolockcheck',
          `-env:UserInstallation=${pathToFileURL(path.join(work, 'profile')).href}`,
          '--convert-to', 'pdf', '--outdir', outDir, input,
        ],
        { timeoutMs: this.options.timeoutMs, cwd: work, home: work },
      );
      if (result.timedOut) {
        throw new AppError('CONVERSION_FAILED', `Converting the document took longer than ${Math.round(this.options.timeoutMs / 1000)} s and was stopped.`);
      }
      const pdf = await readFile(path.join(outDir, 'document.pdf')).catch(() => undefined);
      if (result.code !== 0 || !pdf) {
        logger.warn('office conversion failed', { code: result.code, stderr: result.stderr.slice(0, 500) });
        throw new AppError('CONVERSION_FAILED', 'LibreOffice could not convert the document to PDF.');
      }
      logger.debug('office conversion done', { ms: Date.now() - started, bytes: pdf.length });
      const check = await getPdfInspector().inspect(pdf, { maxPages: this.options.maxPages });
      return { bytes: check.rewritten ?? check.repaired ?? pdf, pageCount: check.pageCount, strippedScripts: check.strippedScripts };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
}

const holder = globalThis as typeof globalThis & { signetOfficeConverter?: OfficeConverter };

/** The process-wide converter, so the concurrency limit holds across requests. */
export function getOfficeConverter(): OfficeConverter {
  const env = getEnv();
  holder.signetOfficeConverter ??= new OfficeConverter({
    timeoutMs: env.OFFICE_CONVERSION_TIMEOUT_MS,
    concurrency: env.OFFICE_CONVERSION_CONCURRENCY,
    maxPages: env.UPLOAD_MAX_PAGES,
  });
  return holder.signetOfficeConverter;
}
