// `npm run biometric -- decrypt --key <escrow-private.pem> --document <id>`:
// for a forensic examiner holding the escrow private key. Prints the
// document's biometric records as JSON, each checked against what the
// database and the audit trail say about it. The app itself cannot decrypt.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { EnvError, getEnv } from '../lib/env';
import { createPrismaClient } from '../lib/server/db/create-client';
import type { TBiometricEnvelope } from '../lib/server/signatures/biometric-envelope';
import { keyIdOfPrivate, openBiometricEnvelope, readEscrowPrivateKey } from './lib/biometric-open';

const USAGE = 'usage: npm run biometric -- decrypt --key <escrow-private.pem> --document <document id>';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { key: { type: 'string' }, document: { type: 'string' } },
  });
  if (positionals[0] !== 'decrypt' || positionals.length !== 1 || !values.key || !values.document) {
    console.error(USAGE);
    return 2;
  }
  let key;
  try {
    key = readEscrowPrivateKey(readFileSync(values.key, 'utf8'));
  } catch (error) {
    console.error(`signet: biometric: cannot read a private key from ${values.key}: ${(error as Error).message}`);
    return 2;
  }
  const keyId = keyIdOfPrivate(key);
  const db = createPrismaClient(getEnv().databaseUrl);
  try {
    const document = await db.document.findUnique({ where: { id: values.document }, select: { id: true, name: true } });
    if (!document) {
      console.error(`signet: biometric: no document ${values.document}`);
      return 1;
    }
    const signatures = await db.signature.findMany({
      where: { field: { documentId: document.id }, biometric: { not: null } },
      include: {
        field: {
          select: { id: true, page: true, type: true, recipient: { select: { id: true, name: true, email: true } } },
        },
      },
      orderBy: { createdAt: 'asc' },
    });
    const audit = await db.auditEvent.findMany({
      where: { documentId: document.id, type: 'field.filled' },
      select: { data: true },
    });
    const audited = new Set(
      audit.map(
        (event) => (JSON.parse(event.data) as { biometric?: { recordSha256?: string } }).biometric?.recordSha256,
      ),
    );
    let failures = 0;
    const records = signatures.map((signature) => {
      const envelope = JSON.parse(signature.biometric!) as TBiometricEnvelope;
      const base = {
        fieldId: signature.fieldId,
        page: signature.field.page,
        type: signature.field.type.toLowerCase(),
        recipient: signature.field.recipient,
      };
      try {
        if (envelope.keyId !== keyId)
          throw new Error(`encrypted to escrow key ${envelope.keyId}, not to this key (${keyId})`);
        const { record, recordSha256 } = openBiometricEnvelope(envelope, key);
        const checks = {
          bindingMatchesField:
            record.binding.fieldId === signature.fieldId && record.binding.recipientId === signature.recipientId,
          sha256MatchesDatabase: recordSha256 === signature.biometricSha256,
          sha256InAuditTrail: audited.has(recordSha256),
        };
        if (!Object.values(checks).every(Boolean)) failures++;
        return { ...base, recordSha256, checks, record };
      } catch (error) {
        failures++;
        return { ...base, error: (error as Error).message };
      }
    });
    console.log(JSON.stringify({ documentId: document.id, documentName: document.name, keyId, records }, null, 2));
    return failures === 0 ? 0 : 1;
  } finally {
    await db.$disconnect();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof EnvError ? `signet: ${error.message}` : error);
    process.exit(1);
  },
);
