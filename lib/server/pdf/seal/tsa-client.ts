import { randomBytes } from 'node:crypto';
import type { DigestAlgorithm, TimestampAuthority } from '@libpdf/core';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { tsaUnavailable } from './seal-errors';
import { assertTokenSigned } from './tsa-token';

const DIGEST_OIDS: Record<DigestAlgorithm, string> = {
  'SHA-256': '2.16.840.1.101.3.4.2.1',
  'SHA-384': '2.16.840.1.101.3.4.2.2',
  'SHA-512': '2.16.840.1.101.3.4.2.3',
};

/** One request's wait for an answer. */
const REQUEST_TIMEOUT_MS = 15_000;
/** Tries per token, and the pause before each retry (quick: the finalize job retries later with its own backoff). */
const ATTEMPTS = 4;
const BACKOFF_MS = [250, 750, 2000];

export type TTimestampToken = { der: Uint8Array; genTime: Date };

/** A failure worth another try now (network, timeout, 5xx, 429), as opposed to an answer that will not change. */
class TransientTsaFailure extends Error {}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const equalBytes = (a: ArrayBuffer | Uint8Array, b: ArrayBuffer | Uint8Array) =>
  Buffer.from(a as Uint8Array).equals(Buffer.from(b as Uint8Array));

/**
 * Checks a TimeStampResp against its request (status granted, same message
 * imprint, same nonce, a token whose signature holds) and returns the token.
 * libpdf's HttpTimestampAuthority checks none of this, hence this client.
 */
function readResponse(body: ArrayBuffer, digest: Uint8Array, nonce: Uint8Array): TTimestampToken {
  const response = pkijs.TimeStampResp.fromBER(body);
  const status = response.status.status;
  if (status !== 0 && status !== 1) throw new Error(`the authority refused the request (PKIStatus ${status})`);
  if (!response.timeStampToken) throw new Error('the answer holds no token');
  const signedData = new pkijs.SignedData({ schema: response.timeStampToken.content });
  const content = signedData.encapContentInfo.eContent;
  if (!content) throw new Error('the token holds no TSTInfo');
  const tstInfo = content.getValue();
  const info = pkijs.TSTInfo.fromBER(tstInfo);
  if (!equalBytes(info.messageImprint.hashedMessage.getValue(), digest))
    throw new Error('the token stamps another digest');
  if (!info.nonce || !equalBytes(new Uint8Array(info.nonce.valueBlock.valueHexView), nonce))
    throw new Error('the token does not carry our nonce');
  assertTokenSigned(signedData, tstInfo);
  return { der: new Uint8Array(response.timeStampToken.toSchema().toBER(false)), genTime: info.genTime };
}

/**
 * An RFC 3161 client for libpdf's TimestampAuthority: every request carries a
 * fresh nonce and certReq true (so the token holds the TSA's certificate), is
 * retried a few times with backoff on transient failures, honours `signal`,
 * and fails with SERVICE_UNAVAILABLE (reason tsa_unavailable). There is no
 * fallback to the local clock. Each token's genTime is kept for the caller.
 */
export class RfcTimestampClient implements TimestampAuthority {
  readonly tokens: TTimestampToken[] = [];

  constructor(
    private readonly url: string,
    private readonly signal?: AbortSignal,
  ) {}

  async timestamp(digest: Uint8Array, algorithm: DigestAlgorithm): Promise<Uint8Array> {
    let lastProblem = '';
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      if (attempt > 0) await sleep(BACKOFF_MS[attempt - 1] ?? 2000, this.signal);
      try {
        const token = await this.requestOnce(digest, algorithm);
        this.tokens.push(token);
        return token.der;
      } catch (error) {
        this.signal?.throwIfAborted();
        lastProblem = error instanceof Error ? error.message : String(error);
        if (!(error instanceof TransientTsaFailure)) break;
      }
    }
    throw tsaUnavailable(this.url, lastProblem);
  }

  private async requestOnce(digest: Uint8Array, algorithm: DigestAlgorithm): Promise<TTimestampToken> {
    const nonce = randomBytes(8);
    nonce[0] = ((nonce[0] ?? 0) & 0x7f) | 0x01; // positive and 8 bytes long in DER
    const request = new pkijs.TimeStampReq({
      version: 1,
      messageImprint: new pkijs.MessageImprint({
        hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: DIGEST_OIDS[algorithm] }),
        hashedMessage: new asn1js.OctetString({ valueHex: digest }),
      }),
      nonce: new asn1js.Integer({ valueHex: nonce }),
      certReq: true,
    });
    const signals = [AbortSignal.timeout(REQUEST_TIMEOUT_MS), ...(this.signal ? [this.signal] : [])];
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
        body: new Uint8Array(request.toSchema().toBER(false)),
        signal: AbortSignal.any(signals),
        redirect: 'error',
      });
    } catch (error) {
      throw new TransientTsaFailure(error instanceof Error ? error.message : String(error));
    }
    if (response.status >= 500 || response.status === 429) throw new TransientTsaFailure(`HTTP ${response.status}`);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return readResponse(await response.arrayBuffer(), digest, nonce);
  }
}
