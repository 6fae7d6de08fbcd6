import 'server-only';
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@/lib/errors';
import { assertBlobKey, type BlobStore, type TBlobInput, type TStoredBlob } from './blob-store';

// File layout: MAGIC | IV (12) | ciphertext | GCM tag (16). The blob key is the
// additional authenticated data, so a file moved under another key fails to open.
const MAGIC = Buffer.from('SGNB\u0001', 'latin1');
const IV_LENGTH = 12;
const TAG_LENGTH = 16;

async function* chunks(data: TBlobInput): AsyncIterable<Uint8Array> {
  if (data instanceof Uint8Array) yield data;
  else yield* data;
}

/** Local disk, every blob sealed with AES-256-GCM. */
export class LocalBlobStore implements BlobStore {
  readonly driver = 'local' as const;

  constructor(
    private readonly root: string,
    private readonly key: Buffer,
  ) {}

  private file(key: string): string {
    assertBlobKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, data: TBlobInput): Promise<TStoredBlob> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(this.root, '.tmp', `${randomUUID()}.part`);
    await mkdir(path.dirname(temp), { recursive: true });
    const iv = randomBytes(IV_LENGTH);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(Buffer.from(key));
    const hash = createHash('sha256');
    let size = 0;
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.write(Buffer.concat([MAGIC, iv]));
      for await (const chunk of chunks(data)) {
        size += chunk.byteLength;
        hash.update(chunk);
        await handle.write(cipher.update(chunk));
      }
      await handle.write(Buffer.concat([cipher.final(), cipher.getAuthTag()]));
      await handle.sync();
      await handle.close();
      await rename(temp, target);
    } catch (error) {
      await handle.close().catch(() => undefined);
      await rm(temp, { force: true });
      throw error;
    }
    return { key, size, sha256: hash.digest('hex') };
  }

  async get(key: string): Promise<Buffer> {
    let sealed: Buffer;
    try {
      sealed = await readFile(this.file(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new AppError('NOT_FOUND', 'Blob not found.');
      throw error;
    }
    const headerLength = MAGIC.length + IV_LENGTH;
    if (sealed.length < headerLength + TAG_LENGTH || !sealed.subarray(0, MAGIC.length).equals(MAGIC)) {
      throw new AppError('INTERNAL', `Blob ${key} is not in the sealed format.`);
    }
    const iv = sealed.subarray(MAGIC.length, headerLength);
    const tag = sealed.subarray(sealed.length - TAG_LENGTH);
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv).setAAD(Buffer.from(key)).setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(sealed.subarray(headerLength, sealed.length - TAG_LENGTH)), decipher.final()]);
    } catch (cause) {
      throw new AppError('INTERNAL', `Blob ${key} failed its integrity check.`, { cause });
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.file(key)).then(
      () => true,
      () => false,
    );
  }

  async health(): Promise<void> {
    const key = `health/${randomUUID()}`;
    const probe = randomBytes(16);
    await this.put(key, probe);
    try {
      if (!(await this.get(key)).equals(probe)) throw new Error('blob probe read back different bytes');
    } finally {
      await this.delete(key);
    }
  }
}
