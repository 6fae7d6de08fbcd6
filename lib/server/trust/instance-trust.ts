import 'server-only';
import { X509Certificate } from 'node:crypto';
import { getEnv } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { getDb, type TDbClient } from '@/lib/server/db/client';
import { logger } from '@/lib/server/logger';
import { createTrustKeys } from './create-trust-keys';
import { decryptPrivateKey, encryptPrivateKey } from './trust-key-crypto';
import { CA_SLOT, SEAL_SLOT, SIGNING_ALGORITHM } from './trust-names';

export type TTrustKey = { certificatePem: string; certificateDer: Uint8Array; privateKey: CryptoKey };
export type TInstanceTrust = { ca: TTrustKey; seal: TTrustKey };

async function importKey(slot: string, row: { certificatePem: string; encryptedKey: Uint8Array }): Promise<TTrustKey> {
  let pkcs8: Buffer;
  try {
    pkcs8 = decryptPrivateKey(slot, row.encryptedKey);
  } catch (cause) {
    // Another blob key than the one that encrypted it: instances sharing a database must share BLOB_ENCRYPTION_KEY.
    throw new AppError(
      'INTERNAL',
      `The ${slot} key in the database does not open with this instance's blob key; every instance on one database needs the same BLOB_ENCRYPTION_KEY.`,
      { cause },
    );
  }
  const privateKey = await crypto.subtle.importKey('pkcs8', new Uint8Array(pkcs8), SIGNING_ALGORITHM, false, ['sign']);
  return {
    certificatePem: row.certificatePem,
    certificateDer: new Uint8Array(new X509Certificate(row.certificatePem).raw),
    privateKey,
  };
}

async function readRows(db: TDbClient) {
  const rows = await db.trustKey.findMany({ where: { slot: { in: [CA_SLOT, SEAL_SLOT] } } });
  const ca = rows.find((row) => row.slot === CA_SLOT);
  const seal = rows.find((row) => row.slot === SEAL_SLOT);
  return ca && seal ? { ca, seal } : null;
}

/**
 * The instance's CA and seal keys, created the first time. Both rows are
 * inserted in one transaction keyed by their slots: when processes or
 * instances on one database race, exactly one insert commits, every loser
 * gets a unique violation and reads the winner's keys, so all sign with one CA.
 */
export async function loadOrCreateTrustKeys(db: TDbClient = getDb()): Promise<TInstanceTrust> {
  let rows = await readRows(db);
  if (!rows) {
    const made = await createTrustKeys(getEnv().appUrl);
    const data = [
      {
        slot: CA_SLOT,
        certificatePem: made.ca.certificatePem,
        encryptedKey: await encryptPrivateKey(CA_SLOT, made.ca.pkcs8),
      },
      {
        slot: SEAL_SLOT,
        certificatePem: made.seal.certificatePem,
        encryptedKey: await encryptPrivateKey(SEAL_SLOT, made.seal.pkcs8),
      },
    ];
    try {
      await db.$transaction(data.map((row) => db.trustKey.create({ data: row })));
      logger.info("created this instance's CA and seal certificate (SIGNING_P12 is not set)", { slot: CA_SLOT });
    } catch (error) {
      if ((error as { code?: string }).code !== 'P2002') throw error;
    }
    rows = await readRows(db);
    if (!rows) throw new AppError('INTERNAL', "The instance's trust keys were neither created nor found.");
  }
  return { ca: await importKey(CA_SLOT, rows.ca), seal: await importKey(SEAL_SLOT, rows.seal) };
}

let cached: Promise<TInstanceTrust> | undefined;

/** The keys of this process, loaded (or created) once; a failure is not kept, so the next call tries again. */
export function getInstanceTrust(): Promise<TInstanceTrust> {
  cached ??= loadOrCreateTrustKeys().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}
