#!/usr/bin/env node
/**
 * `npm run help:video`: records the workspace walkthrough of the Help menu
 * again (scripts/help-video/place-fields-and-send.video.ts, through
 * playwright.help-video.config.ts, against the app started as for e2e in a
 * fresh data folder) and compresses it into public/help/place-fields-and-send.webm
 * (VP9, no sound, at most MAX_BYTES). Run it after the workspace changes visibly.
 *
 * Needs ffmpeg (Debian: `apt-get install ffmpeg`; or FFMPEG_PATH): Playwright
 * records through an ffmpeg of its own that is fetched from outside the npm
 * registry, so this points Playwright at the system's one instead.
 * Environment: E2E_PORT (default 3460), HELP_VIDEO_MAX_BYTES (default 2 MB).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { runOnSupportedNode } from './lib/node-runtime.mjs';

await runOnSupportedNode();
const root = path.resolve(import.meta.dirname, '..');
const work = path.join(root, '.test-data', 'help-video');
const raw = path.join(work, 'raw.webm');
const target = path.join(root, 'public', 'help', 'place-fields-and-send.webm');
const MAX_BYTES = Number(process.env.HELP_VIDEO_MAX_BYTES ?? 2 * 1024 * 1024);

function findFfmpeg() {
  if (process.env.FFMPEG_PATH) return process.env.FFMPEG_PATH;
  const found = spawnSync('sh', ['-c', 'command -v ffmpeg'], { encoding: 'utf8' }).stdout.trim();
  if (!found) throw new Error('ffmpeg not found: install it (apt-get install ffmpeg) or set FFMPEG_PATH');
  return found;
}

/** A browsers folder holding only Playwright's expected ffmpeg, as a link to this machine's. */
function playwrightFfmpegFolder(ffmpeg) {
  const browsers = JSON.parse(
    readFileSync(path.join(root, 'node_modules', 'playwright-core', 'browsers.json'), 'utf8'),
  );
  const revision = browsers.browsers.find((browser) => browser.name === 'ffmpeg')?.revision;
  if (!revision) throw new Error('playwright-core/browsers.json names no ffmpeg revision');
  const folder = path.join(work, 'browsers');
  const dir = path.join(folder, `ffmpeg-${revision}`);
  mkdirSync(dir, { recursive: true });
  const link = path.join(dir, 'ffmpeg-linux');
  if (!existsSync(link)) symlinkSync(ffmpeg, link);
  return folder;
}

const ffmpeg = findFfmpeg();
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const env = {
  ...process.env,
  PLAYWRIGHT_BROWSERS_PATH: playwrightFfmpegFolder(ffmpeg),
  E2E_PORT: process.env.E2E_PORT ?? '3460',
  E2E_DATA_DIR: path.join(work, 'data'),
  HELP_VIDEO_OUT: raw,
  DATABASE_URL: '',
};
const run = spawnSync('npx', ['playwright', 'test', '-c', 'playwright.help-video.config.ts'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
if (run.status !== 0) process.exit(run.status ?? 1);

// From when the workspace is on screen; VP9 at constant quality suits a screen of flat colours and text.
const { start } = JSON.parse(readFileSync(raw.replace(/\.webm$/, '.json'), 'utf8'));
mkdirSync(path.dirname(target), { recursive: true });
execFileSync(
  ffmpeg,
  [
    '-y',
    '-loglevel',
    'error',
    '-ss',
    String(start),
    '-i',
    raw,
    '-an',
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '42',
    '-row-mt',
    '1',
    '-deadline',
    'good',
    '-cpu-used',
    '2',
    '-r',
    '25',
    '-vf',
    'scale=1280:720:flags=lanczos',
    target,
  ],
  { stdio: 'inherit' },
);
const bytes = statSync(target).size;
console.log(`${path.relative(root, target)}: ${(bytes / 1024).toFixed(0)} kB`);
if (bytes > MAX_BYTES) {
  console.error(`larger than ${MAX_BYTES} bytes: shorten the recording or raise -crf`);
  process.exit(1);
}
