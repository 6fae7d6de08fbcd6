import 'server-only';

/** A signature dictionary found in the file's bytes, with what could be read of it. */
export type TFoundSignature = {
  /** Offset of the dictionary's `/ByteRange` key: identifies it. */
  at: number;
  byteRange: [number, number, number, number] | null;
  /** The CMS (or timestamp token) from the ByteRange's gap, DER only (padding cut). */
  contents: Uint8Array | null;
  type: 'Sig' | 'DocTimeStamp' | null;
  subFilter: string | null;
  /** The dictionary's /M (a PDF date string), when present. */
  signingTimeText: string | null;
  /** Why the dictionary cannot be verified; empty when it can. */
  problems: string[];
};

const MAX_SIGNATURES = 64;
const HEX = /^[0-9A-Fa-f]*$/;

/**
 * Every `/ByteRange` in the raw bytes, in file order. A signature dictionary
 * cannot sit in a compressed object stream (its Contents must have a byte
 * offset), so a scan finds every one a reader could verify, in every revision.
 * Bounded: a hostile file with thousands of them gets the first 64.
 */
export function findSignatures(bytes: Uint8Array): TFoundSignature[] {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const found: TFoundSignature[] = [];
  for (
    let at = text.indexOf('/ByteRange');
    at !== -1 && found.length < MAX_SIGNATURES;
    at = text.indexOf('/ByteRange', at + 10)
  ) {
    const dict = enclosingObject(text, at);
    if (!dict) continue; // inside a stream's data, or outside any object: not a dictionary key
    found.push(readSignature(bytes, text, at, dict));
  }
  return found;
}

/** The `N G obj … endobj` around `at`, unless `at` lies in a stream's data. */
function enclosingObject(text: string, at: number): { start: number; end: number } | null {
  const floor = Math.max(0, at - 64 * 1024);
  let start = -1;
  // Backwards by `obj` keywords (a regex over the window would crawl through long hex strings of digits).
  for (let keyword = text.lastIndexOf('obj', at); keyword >= floor; keyword = text.lastIndexOf('obj', keyword - 1)) {
    const header = /(?:^|[^0-9])\d{1,10}\s+\d{1,5}\s+$/.exec(text.slice(Math.max(0, keyword - 24), keyword));
    if (header && !/[A-Za-z0-9]/.test(text[keyword + 3] ?? ' ')) {
      start = keyword - (header[0].length - (/^[0-9]/.test(header[0]) ? 0 : 1));
      break;
    }
    if (keyword === 0) break;
  }
  if (start === -1) return null;
  if (/\bstream[\r\n]/.test(text.slice(start, at))) return null;
  const endobj = text.indexOf('endobj', at);
  return { start, end: endobj === -1 ? text.length : endobj };
}

function readSignature(
  bytes: Uint8Array,
  text: string,
  at: number,
  dict: { start: number; end: number },
): TFoundSignature {
  const body = text.slice(dict.start, dict.end);
  const name = (key: string) => new RegExp(`/${key}\\s*/([A-Za-z0-9.#_-]+)`).exec(body)?.[1] ?? null;
  const type = name('Type');
  const result: TFoundSignature = {
    at,
    byteRange: null,
    contents: null,
    type: type === 'Sig' || type === 'DocTimeStamp' ? type : null,
    subFilter: name('SubFilter'),
    signingTimeText: /\/M\s*\(([^)]{0,64})\)/.exec(body)?.[1] ?? null,
    problems: [],
  };
  const range = /^\/ByteRange\s*\[\s*(\d{1,12})\s+(\d{1,12})\s+(\d{1,12})\s+(\d{1,12})\s*\]/.exec(
    text.slice(at, at + 128),
  );
  if (!range) {
    result.problems.push('The ByteRange is not four whole numbers.');
    return result;
  }
  const [a, b, c, d] = range.slice(1, 5).map(Number) as [number, number, number, number];
  result.byteRange = [a, b, c, d];
  // PAdES: two ranges from the first byte, the gap exactly the Contents string, nothing past the file's end.
  if (a !== 0 || b <= 0 || c <= b + 1 || d < 0 || c + d > bytes.byteLength) {
    result.problems.push('The ByteRange does not cover the file from its first byte around one gap within the file.');
    return result;
  }
  if (b < dict.start || c > dict.end) {
    result.problems.push("The ByteRange's gap is not this dictionary's Contents.");
    return result;
  }
  const gap = text.slice(b, c);
  if (gap[0] !== '<' || gap.at(-1) !== '>' || !HEX.test(gap.slice(1, -1)) || (gap.length - 2) % 2 !== 0) {
    result.problems.push("The ByteRange's gap is not a hexadecimal Contents string.");
    return result;
  }
  if (!/\/Contents\s*$/.test(text.slice(Math.max(dict.start, b - 32), b))) {
    result.problems.push("The ByteRange's gap is not the value of /Contents.");
    return result;
  }
  const raw = Buffer.from(gap.slice(1, -1), 'hex');
  const der = derPrefix(raw);
  if (!der) result.problems.push("The signature's Contents is not a DER structure.");
  // Signers pad with zeros; anything else after the signature is data no one signed, hidden in it.
  else if (raw.subarray(der.length).some((byte) => byte !== 0))
    result.problems.push("The signature's Contents holds bytes after the signature.");
  else result.contents = der;
  return result;
}

/** The leading DER SEQUENCE of `raw` (signers pad Contents with zeros), or null when it does not fit. */
export function derPrefix(raw: Uint8Array): Uint8Array | null {
  if (raw.length < 2 || raw[0] !== 0x30) return null;
  const first = raw[1] as number;
  let length: number;
  let header: number;
  if (first < 0x80) {
    length = first;
    header = 2;
  } else {
    const count = first & 0x7f;
    if (count === 0 || count > 4 || raw.length < 2 + count) return null;
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + (raw[2 + i] as number);
    header = 2 + count;
  }
  if (header + length > raw.length) return null;
  return raw.subarray(0, header + length);
}

/** The bytes a ByteRange names, joined. */
export function coveredBytes(bytes: Uint8Array, [a, b, c, d]: [number, number, number, number]): Uint8Array {
  const out = new Uint8Array(b + d);
  out.set(bytes.subarray(a, a + b), 0);
  out.set(bytes.subarray(c, c + d), b);
  return out;
}
