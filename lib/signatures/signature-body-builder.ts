import {
  SIGNATURE_LIMITS,
  ZSignatureBody,
  type TSignatureBody,
  type TSignaturePoint,
} from '@/lib/api/v1/signature-body';
import { DEFAULT_SIGNATURE_FONT, isSignatureFontId } from './signature-fonts';

/**
 * The dialog's answers as signature bodies, checked with the same schema as the
 * server so the page refuses what the server would (with the reason the
 * dialog shows), before anything is sent.
 */
export type TBuildResult = { ok: true; body: TSignatureBody } | { ok: false; reason: 'empty' | 'tooMany' | 'invalid' };

function checked(candidate: unknown): TBuildResult {
  const parsed = ZSignatureBody.safeParse(candidate);
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, reason: 'invalid' };
}

export function buildDrawnBody(strokes: TSignaturePoint[][], width: number, height: number): TBuildResult {
  if (strokes.length === 0) return { ok: false, reason: 'empty' };
  const points = strokes.reduce((sum, stroke) => sum + stroke.length, 0);
  if (points > SIGNATURE_LIMITS.maxPoints || strokes.length > SIGNATURE_LIMITS.maxStrokes)
    return { ok: false, reason: 'tooMany' };
  return checked({
    kind: 'drawn',
    strokes,
    width: Math.round(width * 100) / 100,
    height: Math.round(height * 100) / 100,
  });
}

export function buildTypedBody(text: string, font: string): TBuildResult {
  if (text.trim() === '') return { ok: false, reason: 'empty' };
  return checked({ kind: 'typed', text: text.trim(), font: isSignatureFontId(font) ? font : DEFAULT_SIGNATURE_FONT });
}

export function buildImageBody(dataUrl: string | null): TBuildResult {
  if (!dataUrl) return { ok: false, reason: 'empty' };
  return checked({ kind: 'image', image: dataUrl });
}

/** Initials from a name: the first letter of the first and last words ("Ana Maria Gonçalves" → "AG"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = [...words[0]!][0] ?? '';
  const last = words.length > 1 ? ([...words[words.length - 1]!][0] ?? '') : '';
  return `${first}${last}`.toLocaleUpperCase();
}
