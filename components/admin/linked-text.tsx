import LinkifyIt from 'linkify-it';
import type { ReactNode } from 'react';

// Only addresses written out with their scheme: a bare "example.com" or an email address stays text.
const linkify = new LinkifyIt().set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });

/**
 * Plain text with its http(s) addresses as links (an outbox mail's text
 * part), so a person trying Signet can follow an invitation. Everything
 * stays text: React escapes it, and only http(s) addresses become links.
 */
export function LinkedText({ text, linkClassName }: { text: string; linkClassName: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of linkify.match(text) ?? []) {
    if (!/^https?:$/i.test(match.schema)) continue;
    parts.push(text.slice(last, match.index));
    parts.push(
      <a key={match.index} href={match.url} className={linkClassName}>
        {match.raw}
      </a>,
    );
    last = match.lastIndex;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
