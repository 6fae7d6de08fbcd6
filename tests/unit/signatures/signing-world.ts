import { generateKeyPairSync } from 'node:crypto';
import { vi } from 'vitest';
import type { apiWorld } from '@/tests/unit/api/helpers';

/** The escrow pair of the tests: the public key goes in BIOMETRIC_ESCROW_PUBLIC_KEY, the private key opens records. */
export const escrowPair = generateKeyPairSync('rsa', { modulusLength: 2048 });

/** Call before apiWorld(): the app's environment is read when its hook loads it. */
export function stubEscrowKey() {
  vi.stubEnv('BIOMETRIC_ESCROW_PUBLIC_KEY', escrowPair.publicKey.export({ type: 'spki', format: 'pem' }).toString());
}

/**
 * A sent document with two signers: A (consent given) has a signature, an
 * initials and a text field; B (no consent yet) has a signature field. Each
 * has a working link.
 */
export async function sentDocument({ world, draft }: ReturnType<typeof apiWorld>) {
  const document = await draft();
  const client = world.client;
  await client.document.update({ where: { id: document.id }, data: { status: 'PENDING', mode: 'SIGN', sentAt: new Date() } });
  const a = await client.recipient.create({ data: { documentId: document.id, email: 'ana@example.com', name: 'Ana Gonçalves', order: 1, status: 'OPENED', consentAt: new Date() } });
  const b = await client.recipient.create({ data: { documentId: document.id, email: 'jiri@example.com', name: 'Jiří Novák', order: 1, status: 'SENT' } });
  const field = (recipientId: string, type: 'SIGNATURE' | 'INITIALS' | 'TEXT', y: number) =>
    client.field.create({ data: { documentId: document.id, recipientId, type, page: 1, x: 72, y, width: 180, height: 50 } });
  const fields = {
    aSignature: await field(a.id, 'SIGNATURE', 100),
    aInitials: await field(a.id, 'INITIALS', 200),
    aText: await field(a.id, 'TEXT', 300),
    bSignature: await field(b.id, 'SIGNATURE', 400),
  };
  const { issueSigningLink } = await import('@/lib/server/signing/signing-link');
  return { document, a, b, fields, tokenA: await issueSigningLink(client, a.id), tokenB: await issueSigningLink(client, b.id) };
}

/** A pen stroke with rising pressure and tilt, as the pad sends it. */
export function penSignature(pressures = [0.2, 0.35, 0.5, 0.65, 0.8, 0.7, 0.4]) {
  return {
    kind: 'drawn' as const,
    width: 600,
    height: 200,
    strokes: [pressures.map((pressure, i) => ({ x: 40 + i * 60, y: 100 + (i % 2) * 30, t: i * 5, pressure, tiltX: 25, tiltY: -10, twist: 45, pointerType: 'pen' as const }))],
  };
}
