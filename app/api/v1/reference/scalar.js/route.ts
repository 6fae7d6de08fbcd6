import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const runtime = 'nodejs';

/**
 * The self-hosted API reference's script: Scalar's prebuilt browser bundle,
 * served from our origin (the pages' CSP allows scripts from 'self' only and
 * nothing may come from a CDN). Only /developers/api/reference loads it. The
 * package does not export the file, hence the path into node_modules.
 */
const BUNDLE = path.join(process.cwd(), 'node_modules', '@scalar', 'api-reference', 'dist', 'browser', 'standalone.js');

let bundle: Promise<Buffer> | undefined;

export async function GET() {
  bundle ??= readFile(BUNDLE).catch((error: unknown) => {
    bundle = undefined;
    throw error;
  });
  return new Response(new Uint8Array(await bundle), {
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=86400' },
  });
}
