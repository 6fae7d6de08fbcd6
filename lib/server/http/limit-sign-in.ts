import 'server-only';
import { clientRateLimitKey } from './client-address';
import { problemResponse } from './problem';
import { limit } from './rate-limit';

/**
 * The sign-in limit for routes that answer with redirects (which Next
 * implements by throwing, so they cannot sit inside withProblems): null when
 * the request may go on, else the 429 problem+json with Retry-After.
 */
export async function limitSignIn(request: Request): Promise<Response | null> {
  try {
    await limit('signIn', clientRateLimitKey(request));
    return null;
  } catch (error) {
    return problemResponse(error, request);
  }
}
