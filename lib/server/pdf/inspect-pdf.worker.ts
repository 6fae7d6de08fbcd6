// Worker-thread entry of lib/server/pdf/pdf-inspector.ts: runs inspectPdf on
// the bytes it is sent and answers with the result or the refusal. Bytes travel
// by transfer, not copy, and come back only when the PDF was rewritten.
import { parentPort } from 'node:worker_threads';
import { isAppError } from '@/lib/errors';
import { WORKER_READY } from '@/lib/worker-ready';
import { inspectPdf } from './inspect-pdf';
import type { TInspectReply, TInspectRequest } from './inspect-pdf-protocol';
import { quietPdfParser } from './quiet-pdf-parser';

const port = parentPort;
if (!port) throw new Error('inspect-pdf.worker must run as a worker thread');
quietPdfParser();

port.on('message', async ({ bytes, maxPages }: TInspectRequest) => {
  let reply: TInspectReply;
  try {
    const result = await inspectPdf(bytes, { maxPages });
    const repaired = result.repaired?.bytes ?? null;
    const rewritten = result.bytes === bytes || result.bytes === repaired ? null : result.bytes;
    reply = {
      ok: true,
      pageCount: result.pageCount,
      strippedScripts: result.strippedScripts,
      rewritten,
      repaired,
      repairs: result.repaired?.reasons ?? [],
    };
  } catch (error) {
    reply = isAppError(error)
      ? { ok: false, code: error.code, detail: error.detail }
      : { ok: false, code: null, detail: error instanceof Error ? error.message : String(error) };
  }
  const moved = reply.ok
    ? [reply.rewritten, reply.repaired].flatMap((part) => (part ? [part.buffer as ArrayBuffer] : []))
    : [];
  port.postMessage(reply, moved);
});

// Loaded (the pool replaces a worker at once only if it got this far).
port.postMessage(WORKER_READY);
