import 'server-only';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { TEnv } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { logger } from '@/lib/server/logger';
import { decryptBlob, encryptStream } from './blob-crypto';
import { assertBlobKey, type BlobStore, type TBlobInput, type TListedBlob, type TStoredBlob } from './blob-store';
import { roundTripProbe } from './round-trip-probe';

type TS3Env = Pick<
  TEnv,
  'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
>;

/** An S3 client for AWS or any S3-compatible server (MinIO, Ceph, R2…). */
export function createS3Client(env: TS3Env): S3Client {
  return new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION ?? 'us-east-1',
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID ?? '', secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '' },
    // Checksums only where S3 requires them: many S3-compatible servers reject
    // the SDK's default aws-chunked trailing checksums. GCM authenticates our bytes anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function isMissing(error: unknown): boolean {
  if (error instanceof NoSuchKey || error instanceof NotFound) return true;
  return error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey');
}

// Multipart parts of 5 MB (S3's minimum), at most two in flight: a put holds
// about 10 MB whatever the blob's size.
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

/**
 * S3-compatible storage with the local driver's semantics: blobs encrypted
 * client-side with AES-256-GCM before they leave the process (same format and
 * key as the local driver), streamed up in parts, and atomic — an object
 * appears only when its multipart upload completes; a failed put aborts it.
 */
export class S3BlobStore implements BlobStore {
  readonly driver = 's3' as const;

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly key: Buffer,
  ) {}

  async put(key: string, data: TBlobInput): Promise<TStoredBlob> {
    assertBlobKey(key);
    const { encrypted, result } = encryptStream(this.key, key, data);
    let inputError: unknown;
    async function* watched() {
      try {
        yield* encrypted;
      } catch (error) {
        inputError = error;
        throw error;
      }
    }
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: Readable.from(watched()),
        ContentType: 'application/octet-stream',
      },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      // The upload was aborted (no object exists). When the input failed, that is
      // the error worth reporting, not whatever the abort call said after it.
      if (inputError !== undefined && error !== inputError) {
        logger.warn(
          'S3 multipart abort after a failed input did not succeed; a bucket lifecycle rule removes such parts',
          { error },
        );
        throw inputError;
      }
      throw error;
    }
    return { key, ...result };
  }

  async get(key: string): Promise<Buffer> {
    assertBlobKey(key);
    let body: AsyncIterable<Uint8Array> | undefined;
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      body = answer.Body as AsyncIterable<Uint8Array> | undefined;
    } catch (error) {
      if (isMissing(error)) throw new AppError('NOT_FOUND', 'Blob not found.');
      throw error;
    }
    const parts: Uint8Array[] = [];
    for await (const part of body ?? []) parts.push(part);
    return decryptBlob(this.key, key, Buffer.concat(parts));
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    assertBlobKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  health(): Promise<void> {
    return roundTripProbe(this);
  }

  async *list(prefix: string): AsyncIterable<TListedBlob> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, modified: object.LastModified ?? new Date() };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Multipart uploads are aborted on failure (leavePartsOnError: false); a bucket lifecycle rule catches a crash's. */
  removeStaleParts(): Promise<number> {
    return Promise.resolve(0);
  }
}
