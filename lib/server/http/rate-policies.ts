/**
 * Every rate limit of the product, in one place: `points` requests per key
 * within `seconds`. RATE_LIMITS overrides any of them
 * (`upload=30/3600,contact=5/600`; lib/env-values.ts checks the names). Counted by
 * lib/server/http/rate-limit.ts. No 'server-only': lib/env-values.ts validates with it.
 */
export const ratePolicies = {
  /** Contact form, per client address: a person writes a few messages, a script many. */
  contact: { points: 5, seconds: 10 * 60, what: 'contact requests from this address' },
  /** Sign-in starts and provider callbacks, per client address (an office behind one NAT signs in together). */
  signIn: { points: 100, seconds: 10 * 60, what: 'sign-in attempts from this address' },
  /** Uploads per user, beside the monthly quota: inspection and conversion are the costliest work we do. */
  upload: { points: 60, seconds: 10 * 60, what: 'uploads' },
  /** The v1 API per owner (session or API key): the workspace autosaves, an integrator loops; a runaway script stops here. */
  api: { points: 600, seconds: 60, what: 'API requests' },
  /** Reminders and resent invitations, per document: each one mails people who did not ask for it. */
  remind: { points: 10, seconds: 60 * 60, what: 'reminders and resent invitations for this document' },
  /** Signer endpoints, per signing link: a signer's page makes a few calls per field; a script guessing values many. */
  signer: { points: 300, seconds: 60, what: 'requests for this signing link' },
  /** Signer endpoints, per client address: bounds a sweep over many links from one place. */
  signerAddress: { points: 1200, seconds: 60, what: 'signing requests from this address' },
  /** Public trust downloads (CA certificate, CRL), per client address: validators fetch them now and then, a loop many times. */
  trust: { points: 120, seconds: 60, what: 'trust downloads from this address' },
  /** Team invitations mailed (new or resent), per team: each mails an address the team chose, from our domain. */
  teamInvite: { points: 30, seconds: 60 * 60, what: 'invitations mailed by this team' },
  /** Team logos on signing pages, per client address: a page shows one; a loop over ids many. */
  brandLogo: { points: 300, seconds: 60, what: 'logo downloads from this address' },
  /** The public validator, per client address: each check parses and verifies a whole PDF; a person checks a few files. */
  validate: { points: 30, seconds: 10 * 60, what: 'validations from this address' },
} as const satisfies Record<string, TRatePolicy>;

export type TRatePolicy = { points: number; seconds: number; what: string };
export type TRatePolicyName = keyof typeof ratePolicies;

const OVERRIDE = /^\s*([a-zA-Z]+)\s*=\s*([1-9]\d{0,8})\s*\/\s*([1-9]\d{0,7})\s*$/;

/** The overrides in RATE_LIMITS, or the first part that is not `name=points/seconds` with a known name. */
export function parseRateLimits(
  value: string | undefined,
): { overrides: Map<string, { points: number; seconds: number }> } | { bad: string } {
  const overrides = new Map<string, { points: number; seconds: number }>();
  for (const part of (value ?? '').split(',').filter((text) => text.trim())) {
    const match = OVERRIDE.exec(part);
    if (!match?.[1] || !(match[1] in ratePolicies)) return { bad: part.trim() };
    overrides.set(match[1], { points: Number(match[2]), seconds: Number(match[3]) });
  }
  return { overrides };
}

/** The policy with its RATE_LIMITS override applied. */
export function ratePolicy(name: TRatePolicyName, rateLimits: string | undefined): TRatePolicy {
  const parsed = parseRateLimits(rateLimits);
  const override = 'overrides' in parsed ? parsed.overrides.get(name) : undefined;
  return { ...ratePolicies[name], ...override };
}
