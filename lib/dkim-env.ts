import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * DKIM signing settings (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY), read
 * by lib/env.ts: all three or none, and a key that really is a private key,
 * so a typo shows at start rather than as mail quietly landing in spam.
 */
export type TDkim = { domainName: string; keySelector: string; privateKey: string };

export type TDkimProblem = { variable: string; problem: string };

const hostname = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/i;
const selector = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** PEM text (literal "\n" escapes allowed, as one-line env files need) or the path of a PEM file. */
function readKey(value: string): string | TDkimProblem {
  const variable = 'DKIM_PRIVATE_KEY';
  let pem = value.includes('-----BEGIN') ? value.replace(/\\n/g, '\n') : undefined;
  if (pem === undefined) {
    try {
      pem = readFileSync(value, 'utf8');
    } catch {
      return { variable, problem: `expected PEM text or the path of a readable PEM file; cannot read "${value}"` };
    }
  }
  try {
    createPrivateKey(pem);
  } catch {
    return { variable, problem: 'expected a PEM private key (RSA or Ed25519), e.g. openssl genrsa 2048' };
  }
  return pem;
}

export function resolveDkim(raw: {
  DKIM_DOMAIN?: string;
  DKIM_SELECTOR?: string;
  DKIM_PRIVATE_KEY?: string;
}): TDkim | undefined | TDkimProblem {
  const given = (['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY'] as const).filter(
    (name) => raw[name] !== undefined,
  );
  if (given.length === 0) return undefined;
  const missing = (['DKIM_DOMAIN', 'DKIM_SELECTOR', 'DKIM_PRIVATE_KEY'] as const).find(
    (name) => raw[name] === undefined,
  );
  if (missing)
    return {
      variable: missing,
      problem: `required when ${given.join(' and ')} ${given.length > 1 ? 'are' : 'is'} set (set all three DKIM variables or none)`,
    };
  const domainName = raw.DKIM_DOMAIN!.trim().toLowerCase();
  if (!hostname.test(domainName))
    return { variable: 'DKIM_DOMAIN', problem: 'expected the domain that signs, e.g. example.com' };
  const keySelector = raw.DKIM_SELECTOR!.trim();
  if (!selector.test(keySelector))
    return { variable: 'DKIM_SELECTOR', problem: 'expected a DNS label such as signet or mail2026' };
  const privateKey = readKey(raw.DKIM_PRIVATE_KEY!.trim());
  if (typeof privateKey !== 'string') return privateKey;
  return { domainName, keySelector, privateKey };
}
