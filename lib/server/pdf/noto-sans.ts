import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as fontkit from 'fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

export type TNotoWeight = 'regular' | 'bold';

// The package exports no file paths, hence paths into node_modules (as lib/server/signatures/fonts.ts does).
const FILES: Record<TNotoWeight, string> = {
  regular: '400Regular/NotoSans_400Regular.ttf',
  bold: '700Bold/NotoSans_700Bold.ttf',
};

const cache = new Map<TNotoWeight, Promise<Buffer>>();

function fontBytes(weight: TNotoWeight): Promise<Buffer> {
  let bytes = cache.get(weight);
  if (!bytes) {
    bytes = readFile(path.join(process.cwd(), 'node_modules', '@expo-google-fonts', 'noto-sans', FILES[weight]));
    bytes.catch(() => cache.delete(weight));
    cache.set(weight, bytes);
  }
  return bytes;
}

type TListener = (value?: unknown) => void;

/** The one-shot stream pdf-lib reads a subset from (fontkit 1's encodeStream), over fontkit 2's encode(). */
function encodedStream(encode: () => Uint8Array) {
  const listeners: Record<string, TListener> = {};
  const stream = {
    on(event: string, listener: TListener) {
      listeners[event] = listener;
      return stream;
    },
  };
  queueMicrotask(() => {
    try {
      listeners.data?.(encode());
      listeners.end?.();
    } catch (error) {
      listeners.error?.(error);
    }
  });
  return stream;
}

type TFontkitFont = fontkit.Font & { _glyphs: Record<number, unknown> };

/** Characters of laid-out strings kept per font (a few MB); past it the cache starts again. */
const LAYOUT_CHARACTERS_KEPT = 200_000;

type TLayoutArgs = Parameters<fontkit.Font['layout']>;

function subsetting(font: TFontkitFont) {
  const createSubset = font.createSubset.bind(font);
  const layout = font.layout.bind(font);
  // pdf-lib lays out every string it measures and every line it draws, and fontkit's shaping has a cost per call
  // that dwarfs reading a result back. pdf-lib reads only a layout's glyphs, so those are kept, per string and
  // per shaping options, and one layout serves every later call in every document.
  const layouts = new Map<string, Pick<fontkit.GlyphRun, 'glyphs'>>();
  let characters = 0;
  return Object.assign(font, {
    layout: (...args: TLayoutArgs) => {
      const [text, ...options] = args;
      const key = `${JSON.stringify(options)}\u0000${text}`;
      let run = layouts.get(key);
      if (!run) {
        if (characters > LAYOUT_CHARACTERS_KEPT) {
          layouts.clear();
          characters = 0;
        }
        run = { glyphs: layout(...args).glyphs };
        layouts.set(key, run);
        characters += text.length;
      }
      return run as fontkit.GlyphRun; // glyphs only: all pdf-lib reads
    },
    createSubset: () => {
      const subset = createSubset();
      const encode = () => {
        try {
          return subset.encode();
        } finally {
          // Encoding fetches a composite glyph's parts (c of ç, r of ř) without their characters, and fontkit caches
          // glyphs by id: a later layout of "c" would get the cached glyph with no character, and the text layer
          // (ToUnicode) would lose it. Dropping the cache after each encode keeps every layout's glyphs whole.
          font._glyphs = {};
        }
      };
      return Object.assign(subset, { encodeStream: () => encodedStream(encode) });
    },
  });
}

// Parsing Noto Sans and preparing its layout tables takes longer than loading and saving a large PDF. After that a
// font is only read (each document keeps its own subset), so one parsed font per weight serves every document.
const parsed = new Map<Uint8Array, ReturnType<typeof subsetting>>();

/**
 * fontkit 2 for pdf-lib. @pdf-lib/fontkit 1.1.1 writes a TrueType subset's
 * short `loca` without padding odd-length glyphs, so most of Noto Sans's
 * glyphs come out blank in poppler and others while text extraction still
 * works (cantoo-scribe/pdf-lib#144; fixed upstream in fontkit 1.8). fontkit 2
 * subsets correctly; pdf-lib only needs its subset stream shape.
 * Each font file is parsed once.
 */
const subsettingFontkit = {
  create(bytes: Uint8Array) {
    let font = parsed.get(bytes);
    if (!font) parsed.set(bytes, (font = subsetting(fontkit.create(Buffer.from(bytes)) as TFontkitFont)));
    return font;
  },
};

// pdf-lib takes only the glyphs from a layout (ids, advance widths, code points) and never its positions, so
// the GPOS features (kerning, mark placement) are shaped for nothing; turned off, a layout costs half as much
// (the certificate lays out some 12,000 characters) and picks the same glyphs, which the GSUB features choose.
const NO_POSITIONING = { kern: false, mark: false, mkmk: false, curs: false, dist: false, abvm: false, blwm: false };

/**
 * Noto Sans (full Latin Extended: ã õ ç ř ů ě š ž ñ ¿ ¡) embedded as a subset
 * of the glyphs drawn. The subset's name is fixed instead of pdf-lib's random
 * tag, so the same document state always saves to the same bytes.
 */
export async function embedNotoSans(doc: PDFDocument, weight: TNotoWeight): Promise<PDFFont> {
  doc.registerFontkit(subsettingFontkit as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
  const tag = weight === 'bold' ? 'SGNTBB' : 'SGNTAA';
  return doc.embedFont(await fontBytes(weight), {
    subset: true,
    customName: `${tag}+NotoSans-${weight === 'bold' ? 'Bold' : 'Regular'}`,
    features: NO_POSITIONING,
  });
}
