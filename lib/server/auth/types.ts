// What our session cookie (an encrypted JWT) and the session object carry.
// The provider's tokens stay in the cookie; the browser only ever sees `Session`.
import type { DefaultSession } from 'next-auth';

export type TRole = 'USER' | 'ADMIN';

declare module 'next-auth' {
  interface Session {
    user: { id: string; name: string | null; email: string; role: TRole } & Omit<DefaultSession['user'], 'id'>;
    /** When the header should ask again so tokens refresh before expiry (ms since epoch). */
    refreshAt?: number;
    /** The user's session version when this session began (requireUser compares it with the stored one). */
    sessionVersion: number;
  }
}

declare module 'next-auth/jwt' {
  interface JWT {
    uid?: string;
    /** User.sessionVersion at sign-in: raising the stored one ends this session. Absent in cookies from before: 0. */
    sv?: number;
    role?: TRole;
    accessToken?: string;
    refreshToken?: string;
    idToken?: string;
    /** Access-token expiry and issue time, seconds since epoch. */
    expiresAt?: number;
    issuedAt?: number;
  }
}
