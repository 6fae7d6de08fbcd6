import 'server-only';
import { getToken, type JWT } from 'next-auth/jwt';
import { getEnv } from '@/lib/env';
import { loadAuthSecret } from './auth-secret';
import './types';

/** Our decrypted session token (with the provider's tokens), or null when signed out or tampered with. */
export async function readSessionToken(request: Request): Promise<JWT | null> {
  const env = getEnv();
  try {
    return await getToken({
      req: request,
      secret: loadAuthSecret(env),
      secureCookie: env.secureCookies,
    });
  } catch {
    return null;
  }
}
