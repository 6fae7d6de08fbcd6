import 'server-only';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import busboy from 'busboy';
import { AppError } from '@/lib/errors';

export type TMultipartUpload = {
  fileName: string;
  /** The file's bytes as they arrive; ends with an error when the form breaks the rules. */
  data: AsyncIterable<Uint8Array>;
  /** Text fields sent before the file. */
  fields: Record<string, string>;
};

export const NO_FILE_SELECTED = 'No file was selected.';
const READ_AHEAD_BYTES = 16 * 1024;

/**
 * Reads a multipart/form-data request that carries exactly one file, without
 * buffering it: resolves as soon as the file part starts, and the caller pulls
 * its bytes. After the last byte the rest of the form is read, so a second file
 * still fails the upload before anything is committed. Once the form breaks a
 * limit, or the caller stops reading the file (too large, refused), nothing
 * more of the body is read. The body is not cancelled: Next's request stream
 * cannot take a cancel (its data handler then throws). The routes close the
 * connection with their answer instead (closing-on-refusal.ts).
 */
export function readMultipartUpload(
  request: Request,
  options: { maxBytes: number; fieldName?: string },
): Promise<TMultipartUpload> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType) || !request.body) {
    return Promise.reject(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data.'));
  }
  const parser = busboy({
    headers: { 'content-type': contentType },
    defParamCharset: 'utf8',
    limits: { files: 1, fields: 20, fieldSize: 64 * 1024, parts: 21, fileSize: options.maxBytes + 1 },
  });
  const fields: Record<string, string> = {};
  let formError: AppError | undefined;
  const finished = new Promise<void>((resolve, reject) => {
    parser.on('close', resolve);
    parser.on('error', reject);
  });
  // An explicit read-ahead: what a stopped form still pulls from the client is this much, not the
  // runtime's default (16 KiB on Node 20, 64 KiB from Node 22).
  const input = Readable.fromWeb(request.body as unknown as NodeWebStream<Uint8Array>, {
    highWaterMark: READ_AHEAD_BYTES,
  });
  const stop = (error: AppError) => {
    formError ??= error;
    input.unpipe(parser);
    input.pause();
    parser.destroy(formError);
  };
  return new Promise<TMultipartUpload>((resolve, reject) => {
    let started = false;
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('filesLimit', () => stop(new AppError('INVALID_INPUT', 'Send exactly one file per upload.')));
    parser.on('fieldsLimit', () => stop(new AppError('INVALID_INPUT', 'The form has too many fields.')));
    parser.on('partsLimit', () => stop(new AppError('INVALID_INPUT', 'The form has too many parts.')));
    parser.on('file', (name, stream, info) => {
      if (started || (options.fieldName && name !== options.fieldName) || !info.filename) {
        stream.resume();
        return;
      }
      started = true;
      async function* data(): AsyncIterable<Uint8Array> {
        let done = false;
        try {
          yield* stream as AsyncIterable<Uint8Array>;
          await finished;
          done = true;
        } catch (cause) {
          if (formError) throw formError;
          throw cause instanceof AppError
            ? cause
            : new AppError('INVALID_INPUT', 'The upload broke off or the form is malformed.', { cause });
        } finally {
          // The caller stopped reading (e.g. the file passed the size limit): read no more of the body.
          if (!done) stop(new AppError('INVALID_INPUT', 'The upload was stopped.'));
        }
        if (formError) throw formError;
      }
      resolve({ fileName: info.filename, data: data(), fields: { ...fields } });
    });
    finished.then(
      () => started || reject(new AppError('INVALID_INPUT', NO_FILE_SELECTED)),
      (cause: unknown) =>
        reject(formError ?? new AppError('INVALID_INPUT', 'The multipart form is malformed.', { cause })),
    );
    input.on('error', (cause) => parser.destroy(cause));
    input.pipe(parser);
  });
}
