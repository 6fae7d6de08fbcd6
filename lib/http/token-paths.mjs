// Paths whose segment is a secret: a signer's link (/sign/{token} in every
// locale, and its API /api/v1/signing/{token}/…) and a completion mail's
// download link (/api/downloads/{token}) act for whoever holds them; a
// document's /document/{doctoken} (and /api/documents/{doctoken}/…) is
// unguessable on purpose. Logs say which route failed, never the secret: every
// log line passes through redactTokenPaths (lib/server/logger.ts, and
// scripts/serve.mjs for its own lines). Plain JavaScript because
// scripts/serve.mjs loads it without a TypeScript step.

/** What a redacted segment reads as, the same word the logger puts in place of a redacted field. */
export const REDACTED = '[redacted]';

// A segment ends at /, ?, #, whitespace, or the quote or backslash of the JSON line it sits in.
const SEGMENT = String.raw`[^/?#\s"\\]+`;
// /api/v1/signing/oidc/callback is the eID callback, a fixed path: its "oidc" is no token.
const TOKEN_PATH = new RegExp(
  String.raw`(/api/v1/signing/(?!oidc(?:[/?#\s"\\]|$))|/api/downloads/|/api/documents/|/sign/|/document/)${SEGMENT}`,
  'g',
);

/**
 * `text` (a path, a URL, an error message, a whole JSON log line) with the
 * token of every token-bearing path replaced by REDACTED.
 * @param {string} text
 * @returns {string}
 */
export function redactTokenPaths(text) {
  return text.replace(TOKEN_PATH, `$1${REDACTED}`);
}
