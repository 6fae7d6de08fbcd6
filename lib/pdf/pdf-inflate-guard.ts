import { constants, inflateSync } from 'node:zlib';
import { AppError } from '@/lib/errors';

/**
 * pdf-lib inflates every object stream (/ObjStm) and cross-reference stream
 * (/XRef) whole while it parses, with no limit: a few hundred KB of deflated
 * zeros would become gigabytes in memory. Before it parses, we inflate those
 * streams ourselves with a hard output cap. Object streams hold only small
 * objects (dictionaries, arrays, numbers), so real files stay far below it.
 */
export const MAX_PARSE_INFLATED_BYTES = 50 * 1024 * 1024;

const KINDS = [Buffer.from('/ObjStm'), Buffer.from('/XRef')];
const TYPE_BEFORE = /\/Type\s*$/;
const DELIMITER_AFTER = /^[\s/<>[\]()%]/;
const STREAM_START = /stream(\r\n|\n|\r)/;

/** Offsets just past each `/Type /ObjStm` and `/Type /XRef` (not `/XRefStm`). */
function* parsedStreamTypes(bytes: Buffer): Generator<number> {
  for (const kind of KINDS) {
    for (let at = bytes.indexOf(kind); at !== -1; at = bytes.indexOf(kind, at + 1)) {
      const before = bytes.toString('latin1', Math.max(0, at - 32), at);
      const after = bytes.toString('latin1', at + kind.length, at + kind.length + 1);
      if (TYPE_BEFORE.test(before) && DELIMITER_AFTER.test(after)) yield at + kind.length;
    }
  }
}

function streamAfter(bytes: Buffer, from: number): Buffer | undefined {
  const keyword = bytes.indexOf('stream', from, 'latin1');
  if (keyword === -1) return undefined;
  const eol = STREAM_START.exec(bytes.toString('latin1', keyword, keyword + 8));
  if (!eol) return undefined;
  const begin = keyword + eol[0].length;
  const end = bytes.indexOf('endstream', begin, 'latin1');
  return end === -1 ? undefined : bytes.subarray(begin, end);
}

const bomb = (max: number) =>
  new AppError('UNSAFE_FILE', `The PDF holds compressed structures that inflate past ${Math.round(max / 1024 / 1024)} MB (a decompression bomb).`);

export function checkParsedStreamsInflate(data: Uint8Array, maxInflated = MAX_PARSE_INFLATED_BYTES): void {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let budget = maxInflated;
  for (const offset of parsedStreamTypes(bytes)) {
    const stream = streamAfter(bytes, offset);
    if (!stream) continue;
    try {
      budget -= inflateSync(stream, { maxOutputLength: Math.max(1, budget), finishFlush: constants.Z_SYNC_FLUSH }).length;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw bomb(maxInflated);
      // Not deflated, or damaged: the parser will judge it.
    }
    if (budget <= 0) throw bomb(maxInflated);
  }
}
