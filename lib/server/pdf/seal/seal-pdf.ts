import { PDF, PlaceholderError, type RevocationProvider, type Signer, type SignWarning } from '@libpdf/core';
import { revocationUnavailable, roomExhausted } from './seal-errors';
import { ROOM_MARGIN, signatureRoom } from './seal-room';
import { RfcTimestampClient } from './tsa-client';

export type TSealLevel = 'B-B' | 'B-T' | 'B-LT' | 'B-LTA';

export type TSealOptions = {
  signer: Signer;
  /** An RFC 3161 authority: B-T, B-LT and B-LTA. None: B-B. */
  tsaUrl?: string;
  /** Revocation data of the seal's and the TSA's certificates for the DSS (B-LT). */
  revocation?: RevocationProvider;
  signal?: AbortSignal;
  reason?: string;
  location?: string;
  /** The claimed time in /M (the proven one is the timestamp's). Default: now. */
  signingTime?: Date;
};

export type TSealResult = {
  bytes: Uint8Array;
  level: TSealLevel;
  signedAt: Date;
  /** The signature timestamp's genTime, as the TSA attests it; null at B-B. */
  timestampAt: Date | null;
  /** What libpdf reported but did not stop for (e.g. a certificate naming no revocation source). */
  warnings: SignWarning[];
};

/** Tries per step: the first with the measured room, then with what libpdf said it needed. */
const ROOM_ATTEMPTS = 3;

/**
 * Runs one incremental step on a fresh load of `bytes` and, when its CMS
 * outgrew the room reserved for it, redoes it from the same bytes with the
 * room it needed. libpdf patches /Contents only once the CMS is made and
 * throws rather than truncate, so no attempt ever leaves a cut signature.
 */
async function withRoom<T>(
  bytes: Uint8Array,
  room: number,
  signal: AbortSignal | undefined,
  step: (pdf: PDF, room: number) => Promise<T>,
): Promise<T> {
  let reserve = room;
  let needed = room;
  for (let attempt = 0; attempt < ROOM_ATTEMPTS; attempt++) {
    signal?.throwIfAborted();
    const pdf = await PDF.load(bytes);
    try {
      return await step(pdf, reserve);
    } catch (error) {
      if (!(error instanceof PlaceholderError)) throw error;
      needed = error.requiredSize;
      reserve = Math.max(reserve * 2, error.requiredSize + ROOM_MARGIN);
    }
  }
  throw roomExhausted(needed);
}

/**
 * libpdf signs as an incremental update, but rewrites the whole file when it
 * judges an update impossible (a linearized first object, a file it had to
 * recover), with a warning only. The sealed file must start with the bytes
 * it was given: the certificate tells readers to hash its first bytes.
 */
function assertAppended(input: Uint8Array, output: Uint8Array): void {
  if (
    output.length < input.length ||
    !Buffer.from(output.buffer, output.byteOffset, input.length).equals(
      Buffer.from(input.buffer, input.byteOffset, input.length),
    )
  ) {
    throw new Error(
      'The seal rewrote the file instead of appending to it; the sealed file would not start with the file it seals.',
    );
  }
}

function assertRevocation(warnings: SignWarning[]): void {
  const missing = warnings.filter((warning) => warning.code === 'REVOCATION_UNAVAILABLE');
  if (missing.length) throw revocationUnavailable(missing.map((warning) => warning.message).join('; '));
}

/**
 * Seals a PDF with one PAdES signature over the whole file, as an incremental
 * update: ETSI.CAdES.detached, SHA-256, signing-certificate-v2 (libpdf adds
 * it). Without a TSA: B-B. With one: the signature's timestamp (B-T), then a
 * DSS with the chains and revocation data of the seal and TSA certificates
 * (B-LT), then a document timestamp over all of it (B-LTA).
 * A TSA that fails throws SERVICE_UNAVAILABLE (tsa_unavailable): the local
 * clock never stands in for it. Pure: no database, no storage.
 */
export async function sealPdf(bytes: Uint8Array, options: TSealOptions): Promise<TSealResult> {
  const { signer, signal } = options;
  const signedAt = options.signingTime ?? new Date();
  const tsa = options.tsaUrl ? new RfcTimestampClient(options.tsaUrl, signal) : undefined;
  const warnings: SignWarning[] = [];

  const signed = await withRoom(bytes, signatureRoom(signer, Boolean(tsa)), signal, async (pdf, estimatedSize) => {
    const result = await pdf.sign({
      signer,
      subFilter: 'ETSI.CAdES.detached',
      digestAlgorithm: 'SHA-256',
      level: tsa ? 'B-T' : 'B-B',
      timestampAuthority: tsa,
      reason: options.reason,
      location: options.location,
      signingTime: signedAt,
      estimatedSize,
    });
    return result.bytes;
  });
  assertAppended(bytes, signed);
  if (!tsa) return { bytes: signed, level: 'B-B', signedAt, timestampAt: null, warnings };
  const signatureToken = tsa.tokens.at(-1);
  if (!signatureToken) throw new Error('signed at B-T without a timestamp token');

  signal?.throwIfAborted();
  const withDss = await (await PDF.load(signed)).addValidationData({ revocationProvider: options.revocation });
  assertRevocation(withDss.warnings);
  warnings.push(...withDss.warnings);

  // The document timestamp is the last revision, so it covers the whole file. Its own validation data is
  // what the DSS already holds for the same TSA; EN 319 142-1 adds it at the next archival renewal.
  // Its token is like the signature's: that measured size is the room.
  const archived = await withRoom(
    withDss.bytes,
    signatureToken.der.byteLength + ROOM_MARGIN,
    signal,
    (pdf, estimatedSize) => pdf.addTimestamp({ timestampAuthority: tsa, estimatedSize }),
  );
  warnings.push(...archived.warnings);
  assertAppended(bytes, archived.bytes);
  return { bytes: archived.bytes, level: 'B-LTA', signedAt, timestampAt: signatureToken.genTime, warnings };
}
