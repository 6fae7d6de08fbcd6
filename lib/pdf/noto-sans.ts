import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
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

/**
 * Noto Sans (full Latin Extended: ã õ ç ř ů ě š ž ñ ¿ ¡) embedded as a subset
 * of the glyphs drawn. The subset's name is fixed instead of pdf-lib's random
 * tag, so the same document state always saves to the same bytes.
 */
export async function embedNotoSans(doc: PDFDocument, weight: TNotoWeight): Promise<PDFFont> {
  doc.registerFontkit(fontkit);
  const tag = weight === 'bold' ? 'SGNTBB' : 'SGNTAA';
  return doc.embedFont(await fontBytes(weight), { subset: true, customName: `${tag}+NotoSans-${weight === 'bold' ? 'Bold' : 'Regular'}` });
}
