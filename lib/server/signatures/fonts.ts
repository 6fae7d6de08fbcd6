import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as fontkit from 'fontkit';
import { SIGNATURE_FONTS, type TSignatureFontId, type TSignatureFontInfo } from '@/lib/signatures/signature-fonts';

export type TSignatureFont = TSignatureFontInfo & {
  /** Absolute path of the TTF (full Google Fonts build, every subset). */
  file: string;
  /** The package and licence, for the product's notices. */
  packageName: string;
  licence: 'OFL-1.1';
};

// The packages do not export their font files, hence paths into node_modules (as app/api/v1/reference does).
const FILES: Record<TSignatureFontId, [packageName: string, relative: string]> = {
  'dancing-script': ['@expo-google-fonts/dancing-script', '400Regular/DancingScript_400Regular.ttf'],
  'great-vibes': ['@expo-google-fonts/great-vibes', '400Regular/GreatVibes_400Regular.ttf'],
  caveat: ['@expo-google-fonts/caveat', '400Regular/Caveat_400Regular.ttf'],
  sacramento: ['@expo-google-fonts/sacramento', '400Regular/Sacramento_400Regular.ttf'],
};

/**
 * The handwriting fonts of typed signatures, in the order the signing session's
 * `fonts` lists them (the first is the default; docs/signatures.md). `GET /api/v1/signing/{token}` answers
 * `fonts: signatureFonts().map((font) => font.id)`.
 */
export function signatureFonts(root = process.cwd()): TSignatureFont[] {
  return SIGNATURE_FONTS.map((info) => {
    const [packageName, relative] = FILES[info.id];
    return { ...info, packageName, licence: 'OFL-1.1', file: path.join(root, 'node_modules', packageName, relative) };
  });
}

export function signatureFontFile(id: TSignatureFontId): string {
  return signatureFonts().find((font) => font.id === id)!.file;
}

const bytesCache = new Map<TSignatureFontId, Promise<Buffer>>();
const fontCache = new Map<TSignatureFontId, Promise<fontkit.Font>>();

/** The TTF's bytes (served to browsers, embedded by the seal if it wants text), read once. */
export function readSignatureFontBytes(id: TSignatureFontId): Promise<Buffer> {
  let bytes = bytesCache.get(id);
  if (!bytes) {
    bytes = readFile(signatureFontFile(id));
    bytes.catch(() => bytesCache.delete(id));
    bytesCache.set(id, bytes);
  }
  return bytes;
}

/** The parsed font for laying out typed signatures as glyph outlines. */
export function loadSignatureFont(id: TSignatureFontId): Promise<fontkit.Font> {
  let font = fontCache.get(id);
  if (!font) {
    font = readSignatureFontBytes(id).then((bytes) => {
      const parsed = fontkit.create(bytes);
      if ('fonts' in parsed) throw new Error(`${id}: a font collection, expected one font`);
      return parsed;
    });
    font.catch(() => fontCache.delete(id));
    fontCache.set(id, font);
  }
  return font;
}
