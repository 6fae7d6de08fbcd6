// One process of the key race (key-file.test.ts): waits for the common start
// time, then loads both generated keys of DATA_DIR and prints them.
import { loadAuthSecret } from '../../../lib/server/auth/auth-secret';
import { loadBlobKey } from '../../../lib/server/storage/blob-key';

const [dataDir = '', startAt = '0'] = process.argv.slice(2);
while (Date.now() < Number(startAt)) {
  // spin: every process leaves this loop within the same millisecond or so
}
const env = { dataDir, AUTH_SECRET: undefined, BLOB_ENCRYPTION_KEY: undefined };
try {
  console.log(JSON.stringify({ blob: loadBlobKey(env).toString('base64'), auth: loadAuthSecret(env) }));
} catch (error) {
  console.log(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
}
