import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { loadSignatureFont, signatureFonts } from '@/lib/server/signatures/fonts';
import { DEFAULT_SIGNATURE_FONT, SIGNATURE_FONT_IDS } from '@/lib/signatures/signature-fonts';

// Portuguese, Czech and Spanish letters, both cases, and Spanish punctuation: signers write in the app's languages.
const LETTERS = 'ãçéíóúâêôõàčďěňřšťůžýáéíñ¿¡';
const ALL = `${LETTERS}${LETTERS.toUpperCase()}`;

describe('signature fonts', () => {
  it('ships at least three fonts, the default first', () => {
    const fonts = signatureFonts();
    expect(fonts.length).toBeGreaterThanOrEqual(3);
    expect(fonts[0]!.id).toBe(DEFAULT_SIGNATURE_FONT);
    expect(fonts.map((font) => font.id)).toEqual([...SIGNATURE_FONT_IDS]);
  });

  it.each(SIGNATURE_FONT_IDS)('%s has a glyph for every Portuguese, Czech and Spanish letter', async (id) => {
    const font = await loadSignatureFont(id);
    const missing = [...ALL].filter((char) => !font.hasGlyphForCodePoint(char.codePointAt(0)!));
    expect(missing.join('')).toBe('');
  });

  it.each(signatureFonts())('$id is the named family under the SIL Open Font License', (font) => {
    const parsed = fontkit.create(readFileSync(font.file)) as fontkit.Font;
    expect(parsed.familyName).toBe(font.family);
    const licence = readFileSync(font.file.replace(/[^/]+\/[^/]+$/, 'LICENSE_FONT'), 'utf8');
    expect(licence).toContain('SIL Open Font License, Version 1.1');
  });
});
