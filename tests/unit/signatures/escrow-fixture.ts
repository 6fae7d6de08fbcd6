import { generateKeyPairSync } from 'node:crypto';
import { vi } from 'vitest';

/** The escrow pair of the tests: the public key goes in BIOMETRIC_ESCROW_PUBLIC_KEY, the private key opens records. */
export const escrowPair = generateKeyPairSync('rsa', { modulusLength: 2048 });

/** Call before apiWorld(): the app's environment is read when its hook loads it. */
export function stubEscrowKey() {
  vi.stubEnv('BIOMETRIC_ESCROW_PUBLIC_KEY', escrowPair.publicKey.export({ type: 'spki', format: 'pem' }).toString());
}

/** A pen stroke with rising pressure and tilt, as the pad sends it. */
export function penSignature(pressures = [0.2, 0.35, 0.5, 0.65, 0.8, 0.7, 0.4]) {
  return {
    kind: 'drawn' as const,
    width: 600,
    height: 200,
    strokes: [
      pressures.map((pressure, i) => ({
        x: 40 + i * 60,
        y: 100 + (i % 2) * 30,
        t: i * 5,
        pressure,
        tiltX: 25,
        tiltY: -10,
        twist: 45,
        pointerType: 'pen' as const,
      })),
    ],
  };
}
