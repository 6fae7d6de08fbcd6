import { readFile } from 'node:fs/promises';
import { AppError } from '@/lib/errors';

/**
 * RTF gets the checks the zip-based office files get, in RTF's terms: no
 * embedded objects (the counterpart of a nested package or ActiveX part), no
 * field that pulls content in from elsewhere when the document is opened
 * (INCLUDEPICTURE, INCLUDETEXT, LINK, DDE…: how a hostile RTF makes a
 * converter fetch a URL or read a local file), no template outside the
 * machine, and no absurd group nesting. The upload size limit bounds the rest:
 * RTF has no compression, so nothing inflates past it.
 */

export const MAX_RTF_DEPTH = 1000;

/** Field types that fetch or embed outside content; compared on the decoded field instruction. */
const FETCHING_FIELDS = /^(INCLUDEPICTURE|INCLUDETEXT|INCLUDE|IMPORT|LINK|DDE|DDEAUTO)\b/;
/** Control words that embed or link an OLE object. */
const OBJECT_WORDS = new Set(['object', 'objdata', 'objlink', 'objautlink', 'objupdate', 'objclass']);
const REMOTE = /^(\\\\|\/\/)|:\/\//;

const unsafe = (detail: string) =>
  new AppError('UNSAFE_FILE', `The document contains ${detail}, which we do not accept.`);

type TCollector = { kind: 'field' | 'template'; depth: number; text: string };

function judge(collector: TCollector): void {
  const text = collector.text.replace(/\s+/g, ' ').trim();
  if (collector.kind === 'field') {
    const fetching = text.toUpperCase().match(FETCHING_FIELDS);
    if (fetching) throw unsafe(`a ${fetching[1]} field, which loads content from outside the document`);
  } else if (REMOTE.test(text)) {
    throw unsafe('a template on another machine');
  }
}

/** Scans RTF text (read as latin1, one char per byte) and throws an AppError at the first unsafe construct. */
export function inspectRtfText(rtf: string): void {
  let depth = 0;
  let collectors: TCollector[] = [];
  let skip = 0; // \uN fallback characters to drop (counted per \uc)
  let fallback = 1;
  const add = (char: string) => {
    if (skip > 0) {
      skip--;
      return;
    }
    for (const collector of collectors) if (collector.text.length < 4096) collector.text += char;
  };
  for (let i = 0; i < rtf.length; i++) {
    const c = rtf[i];
    if (c === '{') {
      if (++depth > MAX_RTF_DEPTH) throw unsafe(`groups nested deeper than ${MAX_RTF_DEPTH} levels`);
    } else if (c === '}') {
      const closing = collectors.filter((collector) => collector.depth === depth);
      closing.forEach(judge);
      collectors = collectors.filter((collector) => collector.depth !== depth);
      depth--;
    } else if (c === '\\') {
      const word = /^([a-zA-Z]{1,32})(-?\d{1,10})? ?/.exec(rtf.slice(i + 1, i + 45));
      if (!word) {
        const symbol = rtf[i + 1] ?? '';
        if (symbol === "'") {
          add(String.fromCharCode(parseInt(rtf.slice(i + 2, i + 4), 16) || 0x3f));
          i += 3;
        } else {
          if (symbol === '\\' || symbol === '{' || symbol === '}') add(symbol);
          i += 1;
        }
        continue;
      }
      i += word[0].length;
      const [, name = '', param] = word;
      if (OBJECT_WORDS.has(name)) throw unsafe('an embedded or linked object (\\object)');
      if (name === 'fldinst') collectors.push({ kind: 'field', depth, text: '' });
      else if (name === 'template') collectors.push({ kind: 'template', depth, text: '' });
      else if (name === 'bin')
        i += Math.max(0, Number(param ?? 0)); // raw bytes: may hold any brace
      else if (name === 'uc') fallback = Math.max(0, Number(param ?? 1));
      else if (name === 'u') {
        add(String.fromCharCode((Number(param ?? 0) + 65536) % 65536));
        skip = fallback;
      }
    } else if (c !== '\r' && c !== '\n') {
      add(c ?? '');
    }
  }
  collectors.forEach(judge); // an unclosed field or template still counts
}

/** Reads an uploaded .rtf (bounded by the upload size limit) and inspects it. */
export async function inspectRtf(file: string): Promise<void> {
  inspectRtfText((await readFile(file)).toString('latin1'));
}
