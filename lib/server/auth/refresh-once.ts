import 'server-only';
import { createHash } from 'node:crypto';
import { refreshTokens, type TRefreshed } from './token-requests';

/** How long a refresh's result answers requests that still carry the old refresh token. */
const GRACE_MS = 60_000;

type TFlight = { result: Promise<TRefreshed>; settledAt?: number };

const flights = new Map<string, TFlight>();

/**
 * Exchanges a refresh token at most once at a time per user session in this
 * process. Providers that rotate refresh tokens accept each one once (some
 * revoke the whole grant when one is reused), while several tabs ask the
 * session endpoint at the same moment with the same cookie: they share one
 * exchange, and requests that still carry the old tokens shortly after get
 * the same new ones instead of spending the old refresh token again. The
 * access token is part of the key: a provider that does not rotate returns
 * the same refresh token, and the next refresh (with the new access token)
 * must reach it. Several app instances do not share this: behind a load
 * balancer without sticky sessions two instances may still both refresh;
 * the loser's user is then signed out (the safe failure), never kept on a
 * reused token.
 */
export function refreshOnce(uid: string, tokens: { refreshToken: string; accessToken?: string }): Promise<TRefreshed> {
  const { refreshToken, accessToken = '' } = tokens;
  const now = Date.now();
  for (const [key, flight] of flights) if (flight.settledAt && now - flight.settledAt > GRACE_MS) flights.delete(key);
  const key = `${uid}:${createHash('sha256').update(`${refreshToken}\0${accessToken}`).digest('base64url')}`;
  const known = flights.get(key);
  if (known) return known.result;
  const flight: TFlight = { result: refreshTokens(refreshToken) };
  flights.set(key, flight);
  flight.result.then(
    () => (flight.settledAt = Date.now()),
    () => flights.delete(key), // a refused token is refused again; nothing to share
  );
  return flight.result;
}
