// Opens biometric envelopes with the escrow holder's private key. Lives under
// scripts/ on purpose: the app (app/, lib/, components/) only seals records and
// never imports this (tests/unit/signatures/biometric.test.ts checks that).
import {
  constants,
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  privateDecrypt,
  type KeyObject,
} from 'node:crypto';
import { biometricAad } from '../../lib/signatures/biometric-aad';
import type { TBiometricEnvelope } from '../../lib/server/signatures/biometric-envelope';
import type { TBiometricRecord } from '../../lib/server/signatures/biometric-record';

export function readEscrowPrivateKey(pem: string): KeyObject {
  return createPrivateKey(pem);
}

/** The keyId envelopes name for this private key: SHA-256 of its public half's SubjectPublicKeyInfo. */
export function keyIdOfPrivate(key: KeyObject): string {
  return createHash('sha256')
    .update(createPublicKey(key).export({ type: 'spki', format: 'der' }))
    .digest('hex');
}

/**
 * Unwraps the record key (RSA-OAEP, SHA-256) and decrypts the record
 * (AES-256-GCM over the binding as additional data). Throws when the key is
 * not the escrow key the envelope names, or when anything was altered.
 */
export function openBiometricEnvelope(
  envelope: TBiometricEnvelope,
  privateKey: KeyObject,
): { record: TBiometricRecord; recordSha256: string } {
  if (envelope.v !== 1 || envelope.alg !== 'RSA-OAEP-256+A256GCM')
    throw new Error(`unknown envelope ${envelope.v}/${envelope.alg}`);
  const contentKey = privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(envelope.wrappedKey, 'base64'),
  );
  const decipher = createDecipheriv('aes-256-gcm', contentKey, Buffer.from(envelope.iv, 'base64'));
  decipher.setAAD(biometricAad(envelope.binding));
  decipher.setAuthTag(Buffer.from(envelope.tag, 'base64'));
  const plaintext = Buffer.concat([decipher.update(Buffer.from(envelope.ciphertext, 'base64')), decipher.final()]);
  contentKey.fill(0);
  const record = JSON.parse(plaintext.toString('utf8')) as TBiometricRecord;
  const inner = record.binding;
  const outer = envelope.binding;
  if (
    inner.documentSha256 !== outer.documentSha256 ||
    inner.recipientId !== outer.recipientId ||
    inner.fieldId !== outer.fieldId
  ) {
    throw new Error('the record names another binding than its envelope');
  }
  return { record, recordSha256: createHash('sha256').update(plaintext).digest('hex') };
}
