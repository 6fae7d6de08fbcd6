import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type TS3Server = { endpoint: string; bucket: string; directory: string; stop: () => Promise<void> };

/** A local S3-compatible server (s3rver) on 127.0.0.1 and a free port, with one empty bucket. */
export async function startS3Server(bucket = 'signet-test'): Promise<TS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'signet-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as { address: string; port: number };
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    directory,
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
