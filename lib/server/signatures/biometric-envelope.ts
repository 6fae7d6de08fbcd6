import 'server-only';
import { constants, createCipheriv, publicEncrypt, randomBytes } from 'node:crypto';
import { sha256Hex } from '@/lib/sha256-hex';
import { biometricAad, type TBiometricBinding } from '@/lib/signatures/biometric-aad';
import type { TBiometricRecord } from './biometric-record';
import type { TEscrowKey } from './escrow-key';

/**
 * An encrypted biometric record: a fresh AES-256-GCM key per record, wrapped
 * with the escrow holder's RSA-OAEP (SHA-256) public key. The binding (the
 * document's SHA-256, the recipient, the field) is the GCM additional
 * authenticated data, so a record moved to another document, signer or field
 * fails to decrypt. The app can only seal these; scripts/biometric.ts opens them.
 */
export type TBiometricEnvelope = {
  v: 1;
  alg: 'RSA-OAEP-256+A256GCM';
  keyId: string;
  binding: TBiometricBinding;
  wrappedKey: string;
  iv: string;
  ciphertext: string;
  tag: string;
};

export function encryptBiometricRecord(
  record: TBiometricRecord,
  escrow: TEscrowKey,
): { envelope: TBiometricEnvelope; recordSha256: string; envelopeSha256: string } {
  const plaintext = Buffer.from(JSON.stringify(record), 'utf8');
  const contentKey = randomBytes(32);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', contentKey, iv);
  cipher.setAAD(biometricAad(record.binding));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  const wrappedKey = publicEncrypt(
    { key: escrow.key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    contentKey,
  );
  contentKey.fill(0);
  const envelope: TBiometricEnvelope = {
    v: 1,
    alg: 'RSA-OAEP-256+A256GCM',
    keyId: escrow.keyId,
    binding: record.binding,
    wrappedKey: wrappedKey.toString('base64'),
    iv: iv.toString('base64'),
    ciphertext: ciphertext.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
  };
  return { envelope, recordSha256: sha256Hex(plaintext), envelopeSha256: sha256Hex(JSON.stringify(envelope)) };
}
