import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEscrowPublicKey } from '@/lib/biometric-env';
import { EnvError, parseEnv } from '@/lib/env';
import { ZSignatureBody, type TDrawnSignature } from '@/lib/api/v1/signature-body';
import { encryptBiometricRecord, type TBiometricEnvelope } from '@/lib/server/signatures/biometric-envelope';
import { buildBiometricRecord } from '@/lib/server/signatures/biometric-record';
import { generatedEscrowFiles, loadEscrowKey, type TEscrowKey } from '@/lib/server/signatures/escrow-key';
import { keyIdOfPrivate, openBiometricEnvelope } from '@/scripts/lib/biometric-open';

const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const escrow = (): TEscrowKey => {
  const parsed = parseEscrowPublicKey(publicPem);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return { key: parsed.key, keyId: keyIdOfPrivate(pair.privateKey), source: 'env' };
};

const binding = { documentSha256: 'a'.repeat(64), recipientId: 'rcp1', fieldId: 'fld1' };
const pressures = [0.12, 0.37, 0.81, 0.66, 0.05];

const penBody = ZSignatureBody.parse({
  kind: 'drawn',
  width: 400,
  height: 150,
  strokes: [
    pressures.map((pressure, i) => ({
      x: 10 + i * 20,
      y: 50 + i,
      t: i * 4,
      pressure,
      tiltX: -20 + i,
      tiltY: 35,
      twist: 90,
      pointerType: 'pen',
    })),
  ],
}) as TDrawnSignature;

const mouseBody = ZSignatureBody.parse({
  kind: 'drawn',
  width: 400,
  height: 150,
  strokes: [
    [
      { x: 10, y: 10, t: 0, pointerType: 'mouse' },
      { x: 30, y: 20, t: 16, pointerType: 'mouse' },
    ],
  ],
}) as TDrawnSignature;

function seal(body: TDrawnSignature) {
  return encryptBiometricRecord(
    buildBiometricRecord(body, binding, { capturedAt: new Date('2026-11-24T22:00:00Z'), userAgent: 'test' }),
    escrow(),
  );
}

describe('biometric records', () => {
  it('open with the escrow private key and keep every pressure, tilt and twist', () => {
    const { envelope, recordSha256 } = seal(penBody);
    const opened = openBiometricEnvelope(envelope, pair.privateKey);
    expect(opened.recordSha256).toBe(recordSha256);
    expect(opened.record.binding).toEqual(binding);
    expect(opened.record.strokes[0]!.pointerType).toBe('pen');
    expect(opened.record.strokes[0]!.samples.map((sample) => sample[3])).toEqual(pressures);
    expect(opened.record.strokes[0]!.samples[2]).toEqual([50, 52, 8, 0.81, -18, 35, 90]);
    expect(opened.record.channels.map((channel) => [channel.name, channel.reported])).toEqual([
      ['X', true],
      ['Y', true],
      ['T', true],
      ['F', true],
      ['TX', true],
      ['TY', true],
      ['R', true],
    ]);
  });

  it('say explicitly that a mouse reports no pressure or tilt', () => {
    const { record } = openBiometricEnvelope(seal(mouseBody).envelope, pair.privateKey);
    expect(record.channels.filter((channel) => !channel.reported).map((channel) => channel.name)).toEqual([
      'F',
      'TX',
      'TY',
      'R',
    ]);
    expect(record.strokes[0]!.samples[0]).toEqual([10, 10, 0, null, null, null, null]);
  });

  it.each([
    ['another document', { documentSha256: 'b'.repeat(64) }],
    ['another recipient', { recipientId: 'rcp2' }],
    ['another field', { fieldId: 'fld2' }],
  ])('fail to open when moved to %s (the binding is authenticated)', (_name, change) => {
    const { envelope } = seal(penBody);
    const moved: TBiometricEnvelope = { ...envelope, binding: { ...envelope.binding, ...change } };
    expect(() => openBiometricEnvelope(moved, pair.privateKey)).toThrow();
  });

  it('fail to open when a ciphertext byte changed', () => {
    const { envelope } = seal(penBody);
    const bytes = Buffer.from(envelope.ciphertext, 'base64');
    bytes[5]! ^= 1;
    expect(() =>
      openBiometricEnvelope({ ...envelope, ciphertext: bytes.toString('base64') }, pair.privateKey),
    ).toThrow();
  });

  it('use a fresh key per record and do not open with another private key', () => {
    const one = seal(penBody).envelope;
    const two = seal(penBody).envelope;
    expect(one.wrappedKey).not.toBe(two.wrappedKey);
    expect(one.ciphertext).not.toBe(two.ciphertext);
    const other: KeyObject = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect(() => openBiometricEnvelope(one, other)).toThrow();
  });
});

describe('the escrow key', () => {
  it('comes from BIOMETRIC_ESCROW_PUBLIC_KEY as PEM text or a path', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'escrow-'));
    const file = path.join(dir, 'escrow.pem');
    writeFileSync(file, publicPem);
    expect(loadEscrowKey({ BIOMETRIC_ESCROW_PUBLIC_KEY: file, dataDir: dir }).keyId).toBe(
      keyIdOfPrivate(pair.privateKey),
    );
    expect(loadEscrowKey({ BIOMETRIC_ESCROW_PUBLIC_KEY: publicPem.replace(/\n/g, '\\n'), dataDir: dir }).source).toBe(
      'env',
    );
    expect(readdirSync(dir)).toEqual(['escrow.pem']);
  });

  it('refuses a private key, a short key or garbage at start, naming the variable', () => {
    const privatePem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .publicKey.export({ type: 'spki', format: 'pem' })
      .toString();
    for (const value of [
      privatePem,
      small,
      '-----BEGIN PUBLIC KEY-----\nnope\n-----END PUBLIC KEY-----',
      '/no/such/file.pem',
    ]) {
      expect(() => parseEnv({ BIOMETRIC_ESCROW_PUBLIC_KEY: value })).toThrow(EnvError);
    }
    expect(() => parseEnv({ BIOMETRIC_ESCROW_PUBLIC_KEY: publicPem })).not.toThrow();
  });

  it('unset: a pair is generated once, the private half written to a file to move away, never read again', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'escrow-data-'));
    const first = loadEscrowKey({ dataDir });
    const files = generatedEscrowFiles(dataDir);
    expect(first.source).toBe('generated');
    expect(statSync(files.privateKey).mode & 0o777).toBe(0o400);
    const privateKey = readFileSync(files.privateKey, 'utf8');
    expect(loadEscrowKey({ dataDir }).keyId).toBe(first.keyId);
    // The operator moved it: the instance keeps sealing to the same public key.
    const moved = path.join(dataDir, '..', `${path.basename(dataDir)}-escrow.pem`);
    writeFileSync(moved, privateKey);
    unlinkSync(files.privateKey);
    const again = loadEscrowKey({ dataDir });
    expect(again.keyId).toBe(first.keyId);
    expect(existsSync(files.privateKey)).toBe(false);
    const envelope = encryptBiometricRecord(
      buildBiometricRecord(penBody, binding, { capturedAt: new Date() }),
      again,
    ).envelope;
    expect(openBiometricEnvelope(envelope, createPrivateKey(readFileSync(moved, 'utf8'))).record.binding).toEqual(
      binding,
    );
  });
});

describe('nothing in the app can decrypt', () => {
  it('no app, lib or component file decrypts with a private key or imports the examiner tool', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'generated' && entry.name !== 'node_modules') walk(full);
        } else if (/\.(?:ts|tsx|mjs)$/.test(entry.name)) {
          const text = readFileSync(full, 'utf8');
          if (/privateDecrypt|from ['"][^'"]*biometric-open/.test(text)) offenders.push(path.relative(root, full));
        }
      }
    };
    ['app', 'lib', 'components'].forEach((dir) => walk(path.join(root, dir)));
    expect(offenders).toEqual([]);
  });
});
