import { z } from 'zod';

/** No control characters (CR/LF would let a name or subject inject mail headers), trimmed, not empty. */
export function plainText(max: number) {
  return z
    .string()
    .trim()
    .min(1, 'Required.')
    .max(max, `At most ${max} characters.`)
    .regex(/^[^\p{Cc}]*$/u, 'Line breaks and control characters are not allowed.');
}

/** Free text that may span lines (a message to recipients, a reason), without other control characters. */
export function multilineText(max: number) {
  return z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .regex(/^(?:[^\p{Cc}]|\r?\n|\t)*$/u, 'Control characters are not allowed.');
}

export const ZEmail = z.string().trim().toLowerCase().max(254).pipe(z.email('Not a valid email address.'));
