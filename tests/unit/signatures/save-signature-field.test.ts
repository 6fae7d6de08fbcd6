import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiWorld } from '@/tests/unit/api/helpers';
import { openBiometricEnvelope } from '@/scripts/lib/biometric-open';
import { escrowPair, penSignature, sentDocument, stubEscrowKey } from './signing-world';

stubEscrowKey();
const api = apiWorld();

async function save(token: string, fieldId: string, body: unknown) {
  const { resolveSigningToken } = await import('@/lib/server/signing/resolve-signing-token');
  const { saveSignatureField } = await import('@/lib/server/signatures/save-signature-field');
  const signer = await resolveSigningToken(token);
  return saveSignatureField({ signer, fieldId, body, ip: '203.0.113.9', userAgent: 'pen-test' });
}

describe('saveSignatureField', () => {
  it('stores a drawn signature, its encrypted record bound to document, recipient and field, and audits its hash', async () => {
    const { document, a, fields, tokenA } = await sentDocument(api);
    const result = await save(tokenA, fields.aSignature.id, penSignature());
    expect(result.field.value).toMatch(/^data:image\/svg\+xml;base64,/);
    const stored = await api.world.client.signature.findUniqueOrThrow({ where: { fieldId: fields.aSignature.id } });
    expect(stored.kind).toBe('DRAWN');
    expect(stored.biometric).not.toContain('0.65');
    const { record, recordSha256 } = openBiometricEnvelope(JSON.parse(stored.biometric!), escrowPair.privateKey);
    expect(record.binding).toEqual({ documentSha256: document.originalSha256, recipientId: a.id, fieldId: fields.aSignature.id });
    expect(record.strokes[0]!.samples.map((sample) => sample[3])).toEqual([0.2, 0.35, 0.5, 0.65, 0.8, 0.7, 0.4]);
    expect(stored.biometricSha256).toBe(recordSha256);
    // Redraw data without timing.
    expect(JSON.parse(stored.points!).strokes[0][1]).toEqual([100, 130, 0.35]);
    const event = await api.world.client.auditEvent.findFirstOrThrow({ where: { documentId: document.id, type: 'field.filled' } });
    expect(JSON.parse(event.data).biometric).toMatchObject({ recordSha256, binding: record.binding });
    expect(event.actor).toBe(`recipient:${a.id}`);
  });

  it('stores typed initials as outlines of the chosen font, replacing an earlier signature', async () => {
    const { fields, tokenA } = await sentDocument(api);
    await save(tokenA, fields.aInitials.id, penSignature());
    await save(tokenA, fields.aInitials.id, { kind: 'typed', text: 'AG', font: 'caveat' });
    const stored = await api.world.client.signature.findUniqueOrThrow({ where: { fieldId: fields.aInitials.id } });
    expect(stored).toMatchObject({ kind: 'TYPED', text: 'AG', font: 'caveat', biometric: null, points: null });
    expect(JSON.parse(stored.appearance).type).toBe('vector');
  });

  it.each([
    ['another recipient\'s field', 'bSignature', penSignature(), 'FORBIDDEN'],
    ['a text field', 'aText', penSignature(), 'INVALID_INPUT'],
    ['an unknown font', 'aSignature', { kind: 'typed', text: 'Ana', font: 'comic-sans' }, 'INVALID_INPUT'],
    ['a point outside the pad', 'aSignature', { ...penSignature(), width: 100 }, 'INVALID_INPUT'],
    ['a GIF as image', 'aSignature', { kind: 'image', image: `data:image/png;base64,${Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;').toString('base64')}` }, 'FILE_TYPE_MISMATCH'],
  ])('refuses %s and stores nothing', async (_name, key, body, code) => {
    const { document, fields, tokenA } = await sentDocument(api);
    const fieldId = fields[key as keyof typeof fields].id;
    await expect(save(tokenA, fieldId, body)).rejects.toMatchObject({ code });
    expect(await api.world.client.signature.count({ where: { field: { documentId: document.id } } })).toBe(0);
    expect(await api.world.client.auditEvent.count({ where: { documentId: document.id } })).toBe(0);
    expect((await api.world.client.field.findUniqueOrThrow({ where: { id: fieldId } })).value).toBeNull();
  });

  it('refuses a field of another document as unknown', async () => {
    const first = await sentDocument(api);
    const second = await sentDocument(api);
    await expect(save(first.tokenA, second.fields.aSignature.id, penSignature())).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses once the recipient has signed in between (the link is gone), storing nothing', async () => {
    const { document, a, fields, tokenA } = await sentDocument(api);
    const { resolveSigningToken } = await import('@/lib/server/signing/resolve-signing-token');
    const { saveSignatureField } = await import('@/lib/server/signatures/save-signature-field');
    const signer = await resolveSigningToken(tokenA);
    await api.world.client.recipient.update({ where: { id: a.id }, data: { status: 'SIGNED', signedAt: new Date() } });
    await expect(saveSignatureField({ signer, fieldId: fields.aSignature.id, body: penSignature() })).rejects.toMatchObject({ code: 'GONE' });
    expect(await api.world.client.signature.count({ where: { field: { documentId: document.id } } })).toBe(0);
  });
});

describe('npm run biometric -- decrypt', () => {
  it('prints the document\'s records for the holder of the escrow private key, checked against the audit trail', async () => {
    const { document, fields, tokenA } = await sentDocument(api);
    await save(tokenA, fields.aSignature.id, penSignature([0.11, 0.22, 0.33]));
    await save(tokenA, fields.aInitials.id, { kind: 'typed', text: 'AG' });
    const keyFile = path.join(mkdtempSync(path.join(tmpdir(), 'examiner-')), 'escrow-private.pem');
    writeFileSync(keyFile, escrowPair.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const root = path.resolve(import.meta.dirname, '../../..');
    const out = execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/biometric.ts', 'decrypt', '--key', keyFile, '--document', document.id], {
      cwd: root,
      env: { ...process.env },
      encoding: 'utf8',
    });
    const printed = JSON.parse(out) as { records: { fieldId: string; checks: Record<string, boolean>; record: { strokes: { samples: number[][] }[] } }[] };
    expect(printed.records).toHaveLength(1);
    expect(printed.records[0]!.fieldId).toBe(fields.aSignature.id);
    expect(printed.records[0]!.checks).toEqual({ bindingMatchesField: true, sha256MatchesDatabase: true, sha256InAuditTrail: true });
    expect(printed.records[0]!.record.strokes[0]!.samples.map((sample) => sample[3])).toEqual([0.11, 0.22, 0.33]);
  });
});
