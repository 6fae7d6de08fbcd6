import { z } from 'zod';
import { SIGNATURE_FONT_IDS } from '@/lib/signatures/signature-fonts';
import { plainText } from './text';

/**
 * Signature bodies (docs/signatures.md, Bodies and limits): the `signature` member of
 * `PUT /api/v1/signing/{token}/fields/{fieldId}`. Counts and sizes are bounded
 * so one body cannot cost the server more than a few megabytes of work.
 */
export const SIGNATURE_LIMITS = {
  /** Pad units (the pad's own CSS pixels): larger than any screen, small enough to keep numbers sane. */
  maxPadSide: 10_000,
  maxStrokes: 200,
  maxPointsPerStroke: 10_000,
  /** A long signature at 240 coalesced samples a second for a minute. */
  maxPoints: 20_000,
  /** A drawn signature is at most ten minutes from its first point. */
  maxMilliseconds: 600_000,
  maxTypedLength: 100,
  /** Decoded image bytes. */
  maxImageBytes: 1024 * 1024,
  maxImageSide: 2000,
  minImageSide: 8,
  /** The JSON body of a signature PUT: the largest image as base64 or the most points, with room. */
  maxBodyBytes: 4 * 1024 * 1024,
} as const;

const L = SIGNATURE_LIMITS;

export const ZPointerType = z.enum(['pen', 'touch', 'mouse']);

export const ZSignaturePoint = z
  .object({
    x: z.number().finite(),
    y: z.number().finite(),
    /** Milliseconds from the first point of the signature. */
    t: z.number().finite().min(0).max(L.maxMilliseconds),
    /** 0..1 as the device reports it; absent when it reports none (a mouse). */
    pressure: z.number().min(0).max(1).optional(),
    /** Degrees, -90..90 (Pointer Events). */
    tiltX: z.number().min(-90).max(90).optional(),
    tiltY: z.number().min(-90).max(90).optional(),
    /** Degrees, 0..359. */
    twist: z.number().min(0).max(359).optional(),
    pointerType: ZPointerType.optional(),
  })
  .strict()
  .meta({ id: 'SignaturePoint' });

const side = z.number().gt(0).max(L.maxPadSide);

export const ZDrawnSignature = z
  .object({
    kind: z.literal('drawn'),
    strokes: z
      .array(
        z
          .array(ZSignaturePoint)
          .min(1, 'A stroke has at least one point.')
          .max(L.maxPointsPerStroke, `At most ${L.maxPointsPerStroke} points in a stroke.`),
      )
      .min(1, 'Draw your signature first.')
      .max(L.maxStrokes, `At most ${L.maxStrokes} strokes.`),
    width: side,
    height: side,
  })
  .strict()
  .superRefine((body, context) => {
    let count = 0;
    let last = 0;
    body.strokes.forEach((stroke, s) =>
      stroke.forEach((point, p) => {
        count += 1;
        if (point.x < 0 || point.x > body.width || point.y < 0 || point.y > body.height) {
          context.addIssue({
            code: 'custom',
            path: ['strokes', s, p],
            message: 'A point lies outside the pad (0 ≤ x ≤ width, 0 ≤ y ≤ height).',
          });
        }
        if (point.t < last)
          context.addIssue({ code: 'custom', path: ['strokes', s, p, 't'], message: 'Times must not go backwards.' });
        last = point.t;
      }),
    );
    if (count > L.maxPoints)
      context.addIssue({ code: 'custom', path: ['strokes'], message: `At most ${L.maxPoints} points in all.` });
  })
  .meta({ id: 'DrawnSignature' });

export const ZTypedSignature = z
  .object({
    kind: z.literal('typed'),
    text: plainText(L.maxTypedLength),
    font: z.enum(SIGNATURE_FONT_IDS).optional(),
  })
  .strict()
  .meta({ id: 'TypedSignature' });

export const ZImageSignature = z
  .object({
    kind: z.literal('image'),
    image: z
      .string()
      // The decoded size (at most maxImageBytes) is checked on the server and answered 413; this only bounds the string.
      .max(L.maxBodyBytes, `The image may be at most ${L.maxImageBytes / 1024} KiB.`)
      .regex(
        /^data:image\/(?:png|jpeg);base64,[A-Za-z0-9+/]*={0,2}$/,
        'Send a PNG or JPEG image as a base64 data URL.',
      ),
  })
  .strict()
  .meta({ id: 'ImageSignature' });

export const ZSignatureBody = z
  .discriminatedUnion('kind', [ZDrawnSignature, ZTypedSignature, ZImageSignature])
  .meta({ id: 'SignatureBody' });

export type TPointerType = z.infer<typeof ZPointerType>;
export type TSignaturePoint = z.infer<typeof ZSignaturePoint>;
export type TDrawnSignature = z.infer<typeof ZDrawnSignature>;
export type TTypedSignature = z.infer<typeof ZTypedSignature>;
export type TImageSignature = z.infer<typeof ZImageSignature>;
export type TSignatureBody = z.infer<typeof ZSignatureBody>;
