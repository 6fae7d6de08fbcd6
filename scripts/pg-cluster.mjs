#!/usr/bin/env node
// A throwaway PostgreSQL server for tests: `node scripts/pg-cluster.mjs start`
// prints its URL as the last line of stdout (and records it with the folder in
// .test-data/pg.json); `stop` shuts it down and deletes the folder.
// It listens on 127.0.0.1 only, on a free port, with its unix socket inside its
// own folder, so it never collides with a system PostgreSQL.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const stateFile = path.join(root, '.test-data', 'pg.json');
const USER = 'signet';
const PASSWORD = 'signet';
const DATABASE = 'signet_test';

function binDir() {
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return path.dirname(onPath);
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => path.join(base, v, 'bin')).find((dir) => existsSync(path.join(dir, 'initdb')));
  if (!found) throw new Error('PostgreSQL server binaries not found (Debian: apt-get install postgresql).');
  return found;
}

// initdb and postgres refuse to run as root. As root (this machine, CI) we run
// them as the unprivileged `postgres` account that Debian's package creates,
// via runuser (no password, no PAM session); as anyone else, as ourselves.
function serverAccount() {
  if (process.getuid?.() !== 0) return null;
  try {
    return {
      uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
      gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
    };
  } catch {
    throw new Error(
      'running as root, but there is no `postgres` user to run the server as (apt-get install postgresql).',
    );
  }
}

function run(bin, args, account) {
  const [command, argv] = account ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const result = spawnSync(command, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${path.basename(bin)} failed (exit ${result.status}):\n${result.stdout}${result.stderr}`);
  }
  return result.stdout;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function readState() {
  return existsSync(stateFile) ? JSON.parse(readFileSync(stateFile, 'utf8')) : null;
}

async function answers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function start() {
  const previous = readState();
  if (previous && (await answers(previous.url))) {
    console.error(`pg-cluster: reusing the running cluster in ${previous.dir}`);
    console.log(previous.url);
    return;
  }
  if (previous) stop();

  const bin = binDir();
  const account = serverAccount();
  const dir = mkdtempSync('/tmp/signet-pg-');
  const data = path.join(dir, 'data');
  if (account) chownSync(dir, account.uid, account.gid);
  const pwfile = path.join(dir, 'pwfile');
  writeFileSync(pwfile, `${PASSWORD}\n`, { mode: 0o600 });
  if (account) chownSync(pwfile, account.uid, account.gid);

  try {
    run(
      path.join(bin, 'initdb'),
      ['-D', data, '-U', USER, `--pwfile=${pwfile}`, '--auth=scram-sha-256', '-E', 'UTF8', '--locale=C.UTF-8'],
      account,
    );
    const port = await freePort();
    // fsync off and friends: a test cluster trades durability for speed.
    const serverOptions = [
      `-p ${port}`,
      "-c listen_addresses='127.0.0.1'",
      `-c unix_socket_directories='${dir}'`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    const url = `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;
    // Recorded before the server starts, so `stop` can clean up whatever happens next.
    mkdirSync(path.dirname(stateFile), { recursive: true });
    writeFileSync(stateFile, JSON.stringify({ url, dir, port, bin }, null, 2));
    run(
      path.join(bin, 'pg_ctl'),
      ['-D', data, '-o', serverOptions, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start'],
      account,
    );

    const client = new pg.Client({ connectionString: url.replace(/[^/]+$/, 'postgres') });
    await client.connect();
    await client.query(`CREATE DATABASE ${DATABASE}`);
    await client.end();
    console.error(`pg-cluster: PostgreSQL listening on 127.0.0.1:${port}, files in ${dir}`);
    console.log(url);
  } catch (error) {
    if (readState()?.dir === dir) stop();
    else rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

function stop() {
  const state = readState();
  if (!state) {
    console.error('pg-cluster: no cluster recorded in .test-data/pg.json');
    return;
  }
  const data = path.join(state.dir, 'data');
  if (existsSync(path.join(data, 'postmaster.pid'))) {
    try {
      run(path.join(state.bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop'], serverAccount());
    } catch (error) {
      console.error(`pg-cluster: ${error.message}`);
    }
  }
  rmSync(state.dir, { recursive: true, force: true });
  rmSync(stateFile, { force: true });
  console.error(`pg-cluster: stopped and removed ${state.dir}`);
}

const command = process.argv[2];
try {
  if (command === 'start') await start();
  else if (command === 'stop') stop();
  else {
    console.error('usage: node scripts/pg-cluster.mjs <start|stop>');
    process.exit(2);
  }
} catch (error) {
  console.error(`pg-cluster: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
