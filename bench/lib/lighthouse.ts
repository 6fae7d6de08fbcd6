// Lighthouse (CLI, default mobile config with simulated throttling) in Debian's
// Chromium, with the flags that keep it off the network (bench/README.md).
//
// PaintHolding is off: in headless Chromium the compositor may hold a page's
// first frame for one or two whole seconds after it is ready (the main thread
// idle, every resource loaded), so the observed first paint lands at about
// 0.25, 1.2 or 2.2 s at random. Lantern then charges every script fetched
// before that paint to the simulated LCP, and one page scores 70 in one run
// and 85 in the next (upstream: GoogleChrome/lighthouse#17148, #17230). A
// stripped page with no script and no stylesheet shows the same stall.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const cli = path.join(root, 'node_modules', 'lighthouse', 'cli', 'index.js');
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-features=PaintHolding',
].join(' ');

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
export type Scores = Record<Category, number>;

type Audit = { score: number | null; title: string; displayValue?: string };
type Report = {
  categories: Record<Category, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
};

export type LighthouseRun = { scores: Scores; failing: string[] };

export async function runLighthouse(url: string): Promise<LighthouseRun> {
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        cli,
        url,
        '--quiet',
        '--output=json',
        '--output-path=stdout',
        `--chrome-flags=${chromeFlags}`,
        `--only-categories=${CATEGORIES.join(',')}`,
      ],
      {
        cwd: root,
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`lighthouse exited ${code}: ${stderr.slice(-2000)}`)),
    );
  });
  const report = JSON.parse(output) as Report;
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((report.categories[id].score ?? 0) * 100)]),
  ) as Scores;
  // What cost points: every weighted audit below a full score, for the log.
  const failing = CATEGORIES.flatMap((id) =>
    report.categories[id].auditRefs
      .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => {
        const audit = report.audits[ref.id];
        return `${id}: ${ref.id} ${audit?.displayValue ?? ''} (score ${audit?.score})`.replace(/\s+/g, ' ');
      }),
  );
  return { scores, failing };
}

/** Median of each category over several runs (Lighthouse's own advice against run-to-run noise). */
export function medianScores(runs: readonly Scores[]): Scores {
  return Object.fromEntries(
    CATEGORIES.map((id) => {
      const sorted = runs.map((run) => run[id]).sort((a, b) => a - b);
      return [id, sorted[Math.floor((sorted.length - 1) / 2)] ?? 0];
    }),
  ) as Scores;
}
