// Worker-thread entry of lib/server/validate/pdf-validator.ts: everything the
// public validator does with an untrusted PDF, under the pool's heap cap and
// time budget: the upload checks (inspectPdf), every signature (validatePdf)
// and the file's own evidence, its attachments decoded with a cap.
import { parentPort } from 'node:worker_threads';
import { isAppError } from '@/lib/errors';
import { inspectPdf } from '@/lib/server/pdf/inspect-pdf';
import { quietPdfParser } from '@/lib/server/pdf/quiet-pdf-parser';
import { WORKER_READY } from '@/lib/worker-ready';
import { Revisions } from './load-revisions';
import { readSignetEvidence } from './read-signet-evidence';
import type { TTrustAnchors } from './trust-anchors';
import { validatePdf } from './validate-pdf';
import type { TValidateReply, TValidateRequest } from './validate-protocol';

const port = parentPort;
if (!port) throw new Error('validate-upload.worker must run as a worker thread');
quietPdfParser();

let lastAnchors: TTrustAnchors | null = null;
const sameList = (a: Uint8Array[], b: Uint8Array[]) =>
  a.length === b.length && a.every((der, i) => Buffer.from(der).equals(Buffer.from(b[i]!)));

/**
 * The anchors of the previous PDF when these are the same certificates: the
 * validator parses an anchor list once per list object (build-trust-chain.ts),
 * and each message brings fresh copies of the same ~150 system roots.
 */
function stableAnchors(anchors: TTrustAnchors): TTrustAnchors {
  if (lastAnchors && sameList(lastAnchors.instance, anchors.instance) && sameList(lastAnchors.system, anchors.system))
    return lastAnchors;
  lastAnchors = anchors;
  return anchors;
}

port.on('message', async ({ bytes, maxPages, anchors }: TValidateRequest) => {
  let reply: TValidateReply;
  try {
    // The upload path's refusals (encrypted, unreadable, a bomb, too many pages), without its repairs and
    // rewrites (and so without qpdf): the validator judges the bytes as sent.
    await inspectPdf(bytes, { maxPages, checkOnly: true });
    const revisions = new Revisions(bytes);
    const report = await validatePdf(bytes, { anchors: stableAnchors(anchors), revisions });
    reply = { ok: true, report, evidence: readSignetEvidence(bytes, await revisions.latest()) };
  } catch (error) {
    reply = isAppError(error)
      ? { ok: false, code: error.code, detail: error.detail }
      : error instanceof RangeError
        ? // A structure nested or sized past what the engine's stack or arrays hold: the file's doing, not a bug to report.
          { ok: false, code: 'TOO_COMPLEX', detail: `The PDF is too complex to validate (${error.message}).` }
        : { ok: false, code: null, detail: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});

// Loaded (the pool replaces a worker at once only if it got this far).
port.postMessage(WORKER_READY);
