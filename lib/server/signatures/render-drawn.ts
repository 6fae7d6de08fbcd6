import 'server-only';
import type { TDrawnSignature } from '@/lib/api/v1/signature-body';
import { AppError } from '@/lib/errors';
import type { TVectorAppearance } from '@/lib/signatures/appearance';
import { strokesToPath } from '@/lib/signatures/stroke-outline';

/** The strokes without their timing: enough to redraw, not the biometric evidence (that is encrypted). */
export type TDrawnShape = { width: number; height: number; strokes: [number, number, number | null][][] };

const MARGIN = 2;

/**
 * The visible signature from the strokes the signer drew: the same outline
 * the pad filled (lib/signatures/stroke-outline.ts), cropped to the ink with a
 * small margin, so the stamp fills its field with the signature, not the pad.
 */
export function renderDrawn(body: TDrawnSignature): { appearance: TVectorAppearance; shape: TDrawnShape } {
  const { path, bounds } = strokesToPath(body.strokes, body.width);
  if (!path || !bounds)
    throw new AppError('INVALID_INPUT', 'The signature has no visible ink; draw it again.', {
      fieldErrors: [{ path: 'signature.strokes', message: 'No visible ink.' }],
    });
  const viewBox = {
    x: bounds.minX - MARGIN,
    y: bounds.minY - MARGIN,
    width: bounds.maxX - bounds.minX + 2 * MARGIN,
    height: bounds.maxY - bounds.minY + 2 * MARGIN,
  };
  const shape: TDrawnShape = {
    width: body.width,
    height: body.height,
    strokes: body.strokes.map((stroke) => stroke.map((point) => [point.x, point.y, point.pressure ?? null])),
  };
  return { appearance: { type: 'vector', viewBox, path }, shape };
}
