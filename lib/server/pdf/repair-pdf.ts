import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AppError } from '@/lib/errors';

/**
 * Rewrites a damaged PDF with qpdf (Debian's qpdf, installed by
 * scripts/install-system-deps.sh): qpdf reconstructs the cross-reference data
 * from the objects themselves and writes a consistent file. Streams are copied
 * as they are (--stream-data=preserve): nothing is decoded here, so a
 * decompression bomb costs qpdf nothing; the caller inspects the result like
 * any upload, then proves it with `qpdf --check` (checkRepaired).
 */

// Both runs of one upload (repair, then --check) must end well inside the PDF inspector's 60 s: a
// worker terminated at its timeout cannot remove the folder or stop the child itself.
const TIMEOUT_MS = 20_000;
// qpdf runs outside the office sandbox, on bytes a stranger sent: bounded in memory and CPU time
// (prlimit, util-linux) so even a child the terminated worker left behind ends on its own.
const LIMITS = ['--as=2147483648', `--cpu=${TIMEOUT_MS / 1000}`, '--core=0'];
const NOT_INSTALLED =
  'The PDF is damaged and this server cannot repair or check it: qpdf is not installed (the operator installs it with scripts/install-system-deps.sh).';

type TRun = { code: number; stderr: string };

function qpdf(args: string[], cwd: string): Promise<TRun> {
  return new Promise((resolve, reject) => {
    execFile(
      'prlimit',
      [...LIMITS, '--', 'qpdf', ...args],
      { cwd, timeout: TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: 1024 * 1024 },
      (error, _stdout, stderr) => {
        const code = (error as { code?: unknown } | null)?.code;
        // prlimit exits 127 with "failed to execute qpdf" when qpdf is missing (ENOENT: prlimit itself is).
        if (code === 'ENOENT' || (code === 127 && /qpdf/.test(String(stderr))))
          reject(new AppError('CORRUPT_FILE', NOT_INSTALLED));
        else resolve({ code: error ? (typeof code === 'number' ? code : -1) : 0, stderr: String(stderr) });
      },
    );
  });
}

async function inFolder<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'signet-qpdf-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const unrepairable = (why: string) =>
  new AppError('CORRUPT_FILE', `The PDF is damaged and could not be repaired (${why}).`);

/** Objects as the input numbers them ("2 0 R"): the catalog the rewritten trailer must name, and the document information to keep. */
export type TRepairTrailer = { root: string; info: string | null };

/**
 * qpdf's JSON update (qpdf 11+) replacing the trailer it read: qpdf writes what
 * that trailer reaches, so a catalog the broken trailer misses would be dropped.
 * /Size is required and qpdf writes the true one in its place.
 */
function trailerUpdate(trailer: TRepairTrailer): string {
  const value = { '/Root': trailer.root, '/Size': 1, ...(trailer.info ? { '/Info': trailer.info } : {}) };
  return JSON.stringify({ qpdf: [{ jsonversion: 2 }, { trailer: { value } }] });
}

/**
 * The PDF rewritten by qpdf; refuses when qpdf finds errors it cannot work
 * around, or a number it cannot hold (it then drops the object that has it,
 * and the rewrite would silently lose what pdf-lib read there).
 */
export function repairPdf(bytes: Uint8Array, options: { trailer?: TRepairTrailer } = {}): Promise<Uint8Array> {
  return inFolder(async (dir) => {
    await writeFile(path.join(dir, 'in.pdf'), bytes, { mode: 0o600 });
    const update: string[] = [];
    if (options.trailer) {
      await writeFile(path.join(dir, 'trailer.json'), trailerUpdate(options.trailer), { mode: 0o600 });
      update.push('--update-from-json=trailer.json');
    }
    // Exit 3: warnings (the damage it repaired), output written; 2: errors.
    const run = await qpdf(
      ['--stream-data=preserve', '--object-streams=preserve', ...update, '--', 'in.pdf', 'out.pdf'],
      dir,
    );
    if (run.code !== 0 && run.code !== 3)
      throw unrepairable(
        run.stderr
          .split('\n')[0]
          ?.replace(/^qpdf: /, '')
          .slice(0, 200) || `qpdf exited ${run.code}`,
      );
    const overflow = /overflow\/underflow converting (\S+)/.exec(run.stderr);
    if (overflow) throw unrepairable(`it holds a number PDF readers cannot hold: ${overflow[1]!.slice(0, 40)}`);
    return new Uint8Array(await readFile(path.join(dir, 'out.pdf')));
  });
}

/** `qpdf --check`'s first complaint about the file, or null when it finds none (run only on files whose streams are bounded). */
export function qpdfCheck(bytes: Uint8Array): Promise<string | null> {
  return inFolder(async (dir) => {
    await writeFile(path.join(dir, 'checked.pdf'), bytes, { mode: 0o600 });
    const run = await qpdf(['--check', 'checked.pdf'], dir);
    if (run.code === 0) return null;
    const first = run.stderr.split('\n').find((line) => line.trim()) ?? `qpdf exited ${run.code}`;
    return first.replace(/^(WARNING|qpdf): (checked\.pdf( \([^)]*\))?: )?/, '').slice(0, 200);
  });
}

/** The repaired file passes `qpdf --check`. */
export async function checkRepaired(bytes: Uint8Array): Promise<void> {
  const complaint = await qpdfCheck(bytes);
  if (complaint) throw unrepairable(complaint);
}
