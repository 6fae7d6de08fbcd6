import 'server-only';
import type { Path } from 'fontkit';
import type { TTypedSignature } from '@/lib/api/v1/signature-body';
import { AppError } from '@/lib/errors';
import type { TVectorAppearance } from '@/lib/signatures/appearance';
import { DEFAULT_SIGNATURE_FONT, type TSignatureFontId } from '@/lib/signatures/signature-fonts';
import { loadSignatureFont } from './fonts';

/** Units of the viewBox per em: large enough that rounding to 0.01 loses nothing visible. */
const EM = 100;

const round = (value: number) => String(Math.round(value * 100) / 100);

function pathData(path: Path): string {
  return path.commands
    .map(({ command, args }) => {
      const letter = { moveTo: 'M', lineTo: 'L', quadraticCurveTo: 'Q', bezierCurveTo: 'C', closePath: 'Z' }[command];
      return `${letter}${args.map(round).join(' ')}`;
    })
    .join('');
}

/**
 * A typed signature as glyph outlines of its handwriting font (laid out by
 * fontkit, with the font's kerning and joining features), not as text: the
 * seal draws paths only, so no font embedding can fail or differ later.
 */
export async function renderTyped(
  body: TTypedSignature,
): Promise<{ appearance: TVectorAppearance; font: TSignatureFontId }> {
  const fontId = body.font ?? DEFAULT_SIGNATURE_FONT;
  const font = await loadSignatureFont(fontId);
  const missing = [...body.text].filter(
    (char) => char.trim() !== '' && !font.hasGlyphForCodePoint(char.codePointAt(0)!),
  );
  if (missing.length > 0) {
    const shown = [...new Set(missing)].join(' ');
    throw new AppError(
      'INVALID_INPUT',
      `The font cannot write ${shown}; choose another font or leave those characters out.`,
      { fieldErrors: [{ path: 'signature.text', message: `Not in the font: ${shown}` }] },
    );
  }
  const scale = EM / font.unitsPerEm;
  const run = font.layout(body.text);
  let x = 0;
  let path = '';
  run.glyphs.forEach((glyph, index) => {
    const position = run.positions[index]!;
    // Font units are y-up from the baseline; the viewBox is y-down with the baseline at the ascent.
    const outline = glyph.path
      .scale(scale, -scale)
      .translate(x + position.xOffset * scale, font.ascent * scale - position.yOffset * scale);
    path += pathData(outline);
    x += position.xAdvance * scale;
  });
  if (!path)
    throw new AppError('INVALID_INPUT', 'Type your name to sign.', {
      fieldErrors: [{ path: 'signature.text', message: 'Nothing to draw.' }],
    });
  // Script capitals and swashes reach past the advance; the box holds the ink and the line.
  const ink = run.bbox;
  const left = Math.min(0, ink.minX * scale);
  const right = Math.max(x, ink.maxX * scale);
  const height = (font.ascent - font.descent) * scale;
  return {
    appearance: { type: 'vector', viewBox: { x: left, y: 0, width: right - left, height }, path },
    font: fontId,
  };
}
