import 'server-only';
import { createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { sha256Hex } from '@/lib/sha256-hex';
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseEscrowPublicKey } from '@/lib/biometric-env';
import type { TEnv } from '@/lib/env';
import { logger } from '@/lib/server/logger';

export type TEscrowKey = {
  key: KeyObject;
  /** SHA-256 (hex) of the key's SubjectPublicKeyInfo: names the key in each envelope, so an examiner knows which private key opens it. */
  keyId: string;
  source: 'env' | 'generated';
};

/** Where a generated pair lives: the public key with the instance's keys, the private key in a file the operator must take away. */
export function generatedEscrowFiles(dataDir: string) {
  return {
    publicKey: path.join(dataDir, 'keys', 'biometric-escrow-public.pem'),
    privateKey: path.join(dataDir, 'biometric-escrow-PRIVATE-move-me.pem'),
  };
}

function keyIdOf(key: KeyObject): string {
  return sha256Hex(key.export({ type: 'spki', format: 'der' }));
}

/**
 * The escrow public key: BIOMETRIC_ESCROW_PUBLIC_KEY (checked by lib/env.ts),
 * or, unset, a 3072-bit RSA pair generated once for this data folder. The app
 * only ever holds the public half: the private half is written once to a file
 * beside the data, which the operator must hand to the escrow holder and
 * delete here; every start warns while it is still there. Nothing in the app
 * reads it (scripts/biometric.ts, run by the examiner, is the only decrypter).
 */
export function loadEscrowKey(env: Pick<TEnv, 'BIOMETRIC_ESCROW_PUBLIC_KEY' | 'dataDir'>): TEscrowKey {
  if (env.BIOMETRIC_ESCROW_PUBLIC_KEY) {
    const parsed = parseEscrowPublicKey(env.BIOMETRIC_ESCROW_PUBLIC_KEY);
    if ('problem' in parsed) throw new Error(`BIOMETRIC_ESCROW_PUBLIC_KEY: ${parsed.problem}`);
    return { key: parsed.key, keyId: keyIdOf(parsed.key), source: 'env' };
  }
  const files = generatedEscrowFiles(env.dataDir);
  // turbopackIgnore: run-time paths in the data folder, not files of the build to trace.
  const key = existsSync(/*turbopackIgnore: true*/ files.publicKey)
    ? createPublicKey(readFileSync(/*turbopackIgnore: true*/ files.publicKey, 'utf8'))
    : generatePair(files);
  if (existsSync(/*turbopackIgnore: true*/ files.privateKey)) {
    logger.warn(
      'BIOMETRIC_ESCROW_PUBLIC_KEY is not set: biometric records are encrypted to a generated key pair whose PRIVATE key is still on this machine. ' +
        'Move it to the escrow holder (a trusted third party), delete it here, and set BIOMETRIC_ESCROW_PUBLIC_KEY for production.',
      { privateKeyFile: files.privateKey, publicKeyFile: files.publicKey },
    );
  }
  return { key, keyId: keyIdOf(key), source: 'generated' };
}

/**
 * Several processes may start at once: the public key is hard-linked into
 * place (link() fails when it exists, so the first writer wins) and only the
 * winner's private key is kept; a loser uses the winner's public key.
 */
function generatePair(files: ReturnType<typeof generatedEscrowFiles>): KeyObject {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 3072 });
  mkdirSync(path.dirname(files.publicKey), { recursive: true, mode: 0o700 });
  const suffix = `${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const publicTemp = `${files.publicKey}.${suffix}`;
  const privateTemp = `${files.privateKey}.${suffix}`;
  writeFileSync(privateTemp, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o400, flag: 'wx' });
  writeFileSync(publicTemp, publicKey.export({ type: 'spki', format: 'pem' }), { mode: 0o644, flag: 'wx' });
  try {
    linkSync(publicTemp, files.publicKey);
  } catch (error) {
    unlinkSync(privateTemp);
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return createPublicKey(readFileSync(files.publicKey, 'utf8'));
  } finally {
    unlinkSync(publicTemp);
  }
  renameSync(privateTemp, files.privateKey);
  logger.warn('Generated a biometric escrow key pair. MOVE the private key off this machine to the escrow holder.', {
    privateKeyFile: files.privateKey,
  });
  return publicKey;
}

let cached: TEscrowKey | undefined;

/** The key of this process (loaded once; boot creates the pair before any server worker starts). */
export function escrowKey(env: Pick<TEnv, 'BIOMETRIC_ESCROW_PUBLIC_KEY' | 'dataDir'>): TEscrowKey {
  cached ??= loadEscrowKey(env);
  return cached;
}
