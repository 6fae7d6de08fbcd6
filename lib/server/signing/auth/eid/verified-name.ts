/**
 * Names compared as people read them: case, accents (Š = S, ã = a), spacing,
 * punctuation and the order of the names do not count, so "JOSÉ  da Silva"
 * matches "Jose da Silva" and "Silva, José da" (eIDs often give the family
 * name first). Anything else is a mismatch, which EID_NAME_MISMATCH turns
 * into an owner's review or a refusal (docs/signer-authentication.md).
 */
const UNDECOMPOSED: Record<string, string> = { ß: 'ss', ł: 'l', ø: 'o', đ: 'd', æ: 'ae', œ: 'oe', ı: 'i' };

export function comparableName(name: string): string {
  return name
    .toLocaleLowerCase('en')
    .replace(/[ßłøđæœı]/g, (letter) => UNDECOMPOSED[letter] ?? letter)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The name's words in a fixed order, so given and family names may come either way round. */
const sortedWords = (name: string) => comparableName(name).split(' ').filter(Boolean).sort().join(' ');

export function namesMatch(verified: string | null | undefined, expected: string): boolean {
  if (!verified) return false;
  const left = sortedWords(verified);
  return left !== '' && left === sortedWords(expected);
}

/** The name an ID token vouches for: `name`, else given and family names joined; null when it carries none. */
export function verifiedNameOf(claims: Record<string, unknown>): string | null {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 200) : undefined);
  const full = text(claims.name);
  if (full) return full;
  const joined = [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ');
  return joined || null;
}
