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

/** Bidirectional controls (U+202A–U+202E, U+2066–U+2069): in a name shown to others they can reorder what it seems to say. */
export const hasBidiControls = (value: string) => /[\u202A-\u202E\u2066-\u2069]/u.test(value);

/** A name others see as the sender (a team, "ACME via Signet"): plain text without direction tricks. */
export function senderText(max: number) {
  return plainText(max).refine((value) => !hasBidiControls(value), 'Direction control characters are not allowed.');
}
