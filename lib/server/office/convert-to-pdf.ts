import 'server-only';
import { chmod, copyFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { getEnv } from '@/lib/env';
import { AppError } from '@/lib/errors';
import type { TPdfInspection } from '@/lib/server/pdf/inspect-pdf';
import { logger } from '@/lib/server/logger';
import { getPdfInspector } from '@/lib/server/pdf/pdf-inspector';
import type { TAcceptedExtension } from '@/lib/upload/file-kind';
import { readOutputFile } from './read-output-file';
import {
  makeWorkFolder,
  runSandboxed,
  SANDBOX_FIX,
  SandboxUnavailableError,
  type TSandboxLimits,
} from './run-sandboxed';
import { INSIDE } from './sandbox-argv';
import { Semaphore } from '@/lib/server/concurrency/semaphore';

export type TOfficeConverterOptions = {
  timeoutMs: number;
  concurrency: number;
  maxPages: number;
  /** Parent of the per-run work folders (default: the OS temp folder). */
  tempRoot?: string;
  /** The command that runs LibreOffice inside the sandbox, with any leading arguments (default `soffice`). */
  soffice?: readonly string[];
  /** The bubblewrap binary (default `bwrap` on PATH). */
  bwrap?: string;
  /** Address space of the converter (RLIMIT_AS). */
  memoryBytes?: number;
  /** The largest PDF (and any file) the converter may write (RLIMIT_FSIZE); a bigger output is refused. */
  maxOutputBytes?: number;
  /** Conversions that may wait for a slot (default 4 × concurrency); one more gets 503 with Retry-After. */
  maxWaiting?: number;
  /** How long a conversion may wait for a slot before the same refusal (default 2 × timeoutMs). */
  maxWaitMs?: number;
};

const DEFAULT_MEMORY_BYTES = 3 * 1024 * 1024 * 1024;
const DEFAULT_MAX_OUTPUT_BYTES = 200 * 1024 * 1024;

/**
 * Office → PDF with LibreOffice headless. Each run gets a fresh work folder
 * with its own profile (parallel runs never share one, and no state leaks
 * between users' files), a fixed input name (the user's file name never reaches
 * the command line), the bubblewrap sandbox of run-sandboxed.ts (nobody, no
 * network, nothing of the host but system files, memory/CPU/file-size limits),
 * a timeout that kills the process group, and a place in a small semaphore.
 * When the sandbox cannot be set up, nothing runs: the upload gets 503. The
 * output is read without following links and checked like any uploaded PDF,
 * and the work folder is always removed.
 */
export class OfficeConverter {
  private readonly slots: Semaphore;

  constructor(private readonly options: TOfficeConverterOptions) {
    // Waits stay far below the leftover sweeper's hour (a work folder is swept after it); each conversion may take timeoutMs.
    this.slots = new Semaphore(options.concurrency, {
      maxWaiting: options.maxWaiting ?? 4 * options.concurrency,
      maxWaitMs: options.maxWaitMs ?? 2 * options.timeoutMs,
      busy: () =>
        new AppError(
          'SERVICE_UNAVAILABLE',
          'The server is busy converting other documents; try again in a few seconds.',
          { retryAfterSeconds: 15 },
        ),
    });
  }

  convert(file: string, extension: TAcceptedExtension): Promise<TPdfInspection> {
    return this.slots.run(() => this.convertNow(file, extension));
  }

  private limits(): TSandboxLimits {
    return {
      memoryBytes: this.options.memoryBytes ?? DEFAULT_MEMORY_BYTES,
      // CPU seconds past the wall-clock timeout can only belong to a runaway process.
      cpuSeconds: Math.ceil(this.options.timeoutMs / 1000) + 1,
      fileBytes: this.options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES,
    };
  }

  private async convertNow(file: string, extension: TAcceptedExtension): Promise<TPdfInspection> {
    const work = await makeWorkFolder(this.options.tempRoot);
    try {
      const name = `document.${extension}`;
      await copyFile(file, path.join(work, 'in', name));
      await chmod(path.join(work, 'in', name), 0o644); // nobody reads it; the work folder (0700) keeps others out
      const started = Date.now();
      const result = await runSandboxed(
        [
          ...(this.options.soffice ?? ['soffice']),
          '--headless',
          '--invisible',
          '--norestore',
          '--nologo',
          '--nodefault',
          '--nolockcheck',
          `-env:UserInstallation=file://${INSIDE.profile}`,
          '--convert-to',
          'pdf',
          '--outdir',
          INSIDE.out,
          `${INSIDE.in}/${name}`,
        ],
        { timeoutMs: this.options.timeoutMs, work, limits: this.limits(), bwrap: this.options.bwrap },
      ).catch((error: unknown) => {
        if (!(error instanceof SandboxUnavailableError)) throw error;
        logger.error(
          `office conversion refused: the sandbox cannot be set up (${error.reason}); to fix, ${SANDBOX_FIX}.`,
        );
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'Office conversion is unavailable on this server. Upload a PDF instead, or ask the operator to enable the conversion sandbox.',
        );
      });
      if (result.timedOut) {
        throw new AppError(
          'CONVERSION_FAILED',
          `Converting the document took longer than ${Math.round(this.options.timeoutMs / 1000)} s and was stopped.`,
        );
      }
      const pdf =
        result.code === 0
          ? await readOutputFile(path.join(work, 'out', 'document.pdf'), this.limits().fileBytes)
          : undefined;
      if (!pdf) {
        logger.warn('office conversion failed', { code: result.code, stderr: result.stderr.slice(0, 500) });
        throw new AppError('CONVERSION_FAILED', 'LibreOffice could not convert the document to PDF.');
      }
      logger.debug('office conversion done', { ms: Date.now() - started, bytes: pdf.length });
      const check = await getPdfInspector().inspect(pdf, { maxPages: this.options.maxPages });
      return {
        bytes: check.rewritten ?? check.repaired ?? pdf,
        pageCount: check.pageCount,
        strippedScripts: check.strippedScripts,
      };
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
    bwrap: env.OFFICE_SANDBOX_BWRAP,
    memoryBytes: env.OFFICE_CONVERSION_MEMORY_MB * 1024 * 1024,
  });
  return holder.signetOfficeConverter;
}
