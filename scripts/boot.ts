// Second stage of `npm start` (dependencies are installed by start.mjs).
// Fails fast with one line naming a bad variable; otherwise migrates, seeds
// the first time, builds when the build is missing or stale, and serves.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { EnvError, parseEnv, type TEnv } from '../lib/env';
import { sqliteFileOf } from '../lib/server/db/sqlite-file';
import { makeDataPrivate } from '../lib/server/private-data';
import { buildHash, buildStampFile } from './lib/build-hash';
import { startLocalIdp } from './lib/local-idp';
import { startSummary } from './lib/start-summary';
import { withServerMemoryEnv } from './lib/server-memory.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dev = process.argv.includes('--dev');
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');

function step(message: string) {
  console.log(`signet: ${message}`);
}

function runOrExit(args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function loadEnv(): TEnv {
  try {
    return parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`signet: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

async function prepareDatabase(env: TEnv) {
  runOrExit([path.join(root, 'scripts', 'db.mjs'), 'generate', '--if-stale']);
  const { migrateDatabase } = await import('../lib/server/db/migrate');
  const { applied } = await migrateDatabase(env.databaseUrl);
  step(applied.length ? `applied migrations: ${applied.join(', ')}` : 'database schema is up to date');
  runOrExit([path.join(root, 'scripts', 'db.mjs'), 'seed', '--first-time']);
}

/**
 * Values the build bakes into static pages: the public URL (canonical and
 * hreflang addresses, sitemap, preview images) and the external addresses the
 * header, the developer section and the footer's social icons link to. A
 * change of any of them rebuilds.
 */
const BAKED = ['appUrl', 'EXTERNAL_WEB_URL', 'EXTERNAL_APP_URL', 'EXTERNAL_WEBFORMS_URL', 'API_DOCS_URL'] as const;

function bakedEnv(env: TEnv): string {
  // The social addresses by their prefix, so a network added to lib/env.ts is baked (and rebuilt on) without a second list.
  const social = Object.entries(env).filter(([name]) => name.startsWith('SOCIAL_'));
  return JSON.stringify({
    ...Object.fromEntries(BAKED.map((name) => [name, env[name]])),
    ...Object.fromEntries(social),
  });
}

function buildIfStale(env: TEnv) {
  const hash = buildHash(bakedEnv(env));
  const current = existsSync(buildStampFile) ? readFileSync(buildStampFile, 'utf8') : '';
  if (current === hash) {
    step('production build is up to date');
    return;
  }
  step(
    current
      ? 'sources or build-time settings changed since the last build: rebuilding…'
      : 'no production build yet: building…',
  );
  runOrExit([nextBin, 'build'], { ...process.env, NODE_ENV: 'production' });
  mkdirSync(path.dirname(buildStampFile), { recursive: true });
  writeFileSync(buildStampFile, hash);
}

/** The generated keys (when their variables are unset), made here once, before any server worker reads them. */
async function createKeys(env: TEnv) {
  const { loadAuthSecret } = await import('../lib/server/auth/auth-secret');
  const { loadBlobKey } = await import('../lib/server/storage/blob-key');
  const { loadEscrowKey } = await import('../lib/server/signatures/escrow-key');
  loadAuthSecret(env);
  loadBlobKey(env);
  // Loud at every start while a generated escrow private key is still on this machine.
  const escrow = loadEscrowKey(env);
  if (escrow.source === 'generated')
    console.warn(
      'signet: WARNING: BIOMETRIC_ESCROW_PUBLIC_KEY is not set; see the log above for the private key file to move off this machine.',
    );
  // The seal key is opened now (WebCrypto is asynchronous, so lib/env.ts only checks the bytes): a wrong password or a
  // certificate that cannot sign stops the start with one line, not the first finalize hours later.
  if (env.SIGNING_P12) {
    const { loadP12Signer } = await import('../lib/server/trust/load-p12-signer');
    await loadP12Signer(env.SIGNING_P12, env.SIGNING_P12_PASSWORD ?? '').catch((error: unknown) => {
      if (!(error instanceof EnvError)) throw error;
      console.error(`signet: ${error.message}`);
      process.exit(1);
    });
  }
}

/**
 * Resolves once the server answers on its port (false if it exits first). It
 * listens only when ready; an answer, unlike a mere connection, also means its
 * listen callback (the "Ready" line) has run. The probe is a request line the
 * HTTP parser refuses, answered 400 by Node itself: nothing is rendered or
 * compiled (`next dev`) for it.
 */
async function serverAnswers(port: number, server: ChildProcess): Promise<boolean> {
  while (server.exitCode === null && server.signalCode === null) {
    const answered = await new Promise<boolean>((resolve) => {
      const socket = connect({ port, host: 'localhost', timeout: 5000 });
      socket.once('connect', () => socket.write('?\r\n\r\n'));
      socket.once('data', () => {
        resolve(true);
        socket.destroy();
      });
      socket.once('timeout', () => socket.destroy());
      socket.on('error', () => undefined); // refused: not listening yet; 'close' follows
      socket.once('close', () => resolve(false));
    });
    if (answered) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

async function main() {
  const env = loadEnv();
  // Before anything is written: keys, database, blobs and outbox are this user's alone (the server inherits the umask).
  for (const warning of makeDataPrivate({ dataDir: env.dataDir, sqliteFile: sqliteFileOf(env.databaseUrl) }))
    console.warn(`signet: ${warning}`);
  await createKeys(env);
  step(`database: ${env.databaseKind}; data folder: ${env.dataDir}`);
  await prepareDatabase(env);
  if (!dev) buildIfStale(env);
  // No external provider configured: run the local one (scripts/dev-idp.ts) beside the app.
  const idp = env.OIDC_ISSUER ? undefined : await startLocalIdp(env);
  if (idp) step(`sign-in through the local identity provider at ${idp.env.OIDC_ISSUER}`);
  if (idp?.env.SIGNER_OIDC_ISSUER)
    step('signers asked for an eID (auth: oidc) sign in at the local identity provider too');
  step(`serving on ${env.appUrl}`);
  // Production: scripts/serve.mjs, Next.js's handler behind the prerendered-page cache.
  const command = dev ? [nextBin, 'dev', '--port', String(env.PORT)] : [path.join(root, 'scripts', 'serve.mjs')];
  const server = spawn(process.execPath, command, {
    cwd: root,
    stdio: 'inherit',
    env: withServerMemoryEnv({ ...process.env, ...idp?.env, NODE_ENV: dev ? 'development' : 'production' }),
  });
  let stopping = false;
  const stopAll = (signal: NodeJS.Signals) => {
    stopping = true;
    server.kill(signal);
    idp?.child.kill(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopAll(signal));
  idp?.child.on('exit', (code) => {
    // Asked to stop, it may exit before the app does: not a failure to report.
    if (stopping || server.exitCode !== null) return;
    console.error(`signet: the local identity provider stopped (exit ${code}); stopping the app`);
    server.kill('SIGTERM');
  });
  server.on('exit', (code, signal) => {
    idp?.child.kill('SIGTERM');
    process.exit(code ?? (signal ? 1 : 0));
  });
  // Checked while the server starts; printed last, so it is what an operator sees once the app answers.
  const summary = startSummary(env, { localEid: Boolean(idp?.env.SIGNER_OIDC_ISSUER) }).catch((error: unknown) => [
    `cannot tell which optional capabilities are on: ${error instanceof Error ? error.message : String(error)}`,
  ]);
  if (await serverAnswers(env.PORT, server)) for (const line of await summary) step(line);
}

main().catch((error: unknown) => {
  console.error(`signet: start failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
