import 'server-only';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { AppError } from '@/lib/errors';
import { isBlockedAddressError, userUrlAgent } from './user-url-agent';

const MAX_REDIRECTS = 5;

export type TUserUrlOptions = {
  /** Where the refusal points in the request body (errors[].path). */
  path: string;
  maxBytes: number;
  /** For the whole exchange, redirects and body included. */
  timeoutMs: number;
};

export type TOpenedUrl = { url: URL; size: number | undefined; data: AsyncIterable<Uint8Array> };

function refuse(options: TUserUrlOptions, message: string, cause?: unknown): AppError {
  return new AppError('INVALID_INPUT', message, { fieldErrors: [{ path: options.path, message }], cause });
}

function checkedUrl(raw: string, options: TUserUrlOptions): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse(options, 'Not a valid URL.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw refuse(options, 'Only http and https addresses can be fetched.');
  if (url.username || url.password) throw refuse(options, 'Addresses with credentials are not fetched.');
  return url;
}

function get(url: URL, signal: AbortSignal): Promise<IncomingMessage> {
  const agent = userUrlAgent(url);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      { agent, signal, headers: { accept: 'application/pdf, */*;q=0.5', 'user-agent': 'Signet document fetch' } },
      resolve,
    );
    request.on('error', reject);
  });
}

/**
 * Opens an address a user supplied (document.url), through the SSRF guard on
 * the first request and on every redirect, unless its host:port is listed in
 * OUTBOUND_ALLOW_HOSTS. Refuses a body larger than maxBytes as it arrives and
 * anything slower than timeoutMs in all. Failures are 400s naming `path`.
 */
export async function openUserUrl(raw: string, options: TUserUrlOptions): Promise<TOpenedUrl> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let url = checkedUrl(raw, options);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    let response: IncomingMessage;
    try {
      response = await get(url, deadline);
    } catch (error) {
      if (deadline.aborted)
        throw refuse(options, `The address did not answer within ${options.timeoutMs / 1000} s.`, error);
      const blocked = isBlockedAddressError(error);
      throw refuse(
        options,
        blocked
          ? 'The address points into a private network, which Signet does not fetch from.'
          : 'The address could not be reached.',
        error,
      );
    }
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      url = checkedUrl(new URL(response.headers.location, url).toString(), options);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw refuse(options, `The address answered HTTP ${status}.`);
    }
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      response.destroy();
      throw new AppError('PAYLOAD_TOO_LARGE', `The file at the address is larger than ${options.maxBytes} bytes.`);
    }
    return { url, size: Number.isFinite(declared) ? declared : undefined, data: bounded(response, options, deadline) };
  }
  throw refuse(options, `The address redirected more than ${MAX_REDIRECTS} times.`);
}

/** The body, cut off past maxBytes (the upload check refuses it too) or at the deadline. */
async function* bounded(
  response: IncomingMessage,
  options: TUserUrlOptions,
  deadline: AbortSignal,
): AsyncIterable<Uint8Array> {
  let received = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      received += chunk.byteLength;
      if (received > options.maxBytes)
        throw new AppError('PAYLOAD_TOO_LARGE', `The file at the address is larger than ${options.maxBytes} bytes.`);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse(
      options,
      deadline.aborted
        ? `The address did not send the file within ${options.timeoutMs / 1000} s.`
        : 'The download broke off.',
      error,
    );
  } finally {
    response.destroy();
  }
}
