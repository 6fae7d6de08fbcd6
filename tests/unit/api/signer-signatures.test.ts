import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it, vi } from 'vitest';
import { openBiometricEnvelope } from '@/scripts/lib/biometric-open';
import { escrowPair, penSignature, stubEscrowKey } from '@/tests/unit/signatures/escrow-fixture';
import { signerWorld } from './signer-helpers';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

stubEscrowKey();
const { world, sent, consent, putField, putRaw, complete, auditTrail, fieldValue } = signerWorld();

const ana = { email: 'ana@example.com', name: 'Ana Gonçalves' };
const bo = { email: 'bo@example.com', name: 'Bo Novák' };

/** Ana (consent given) with a signature, an initials and a text field; Bo, in parallel, with a signature field. */
async function signing() {
  const { document, people, fieldIds, tokens } = await sent(
    [ana, bo],
    [
      { to: 0, type: 'signature' },
      { to: 0, type: 'initials' },
      { to: 0, type: 'text', required: false },
      { to: 1, type: 'signature' },
    ],
    { signingOrder: 'parallel' },
  );
  await consent(people[0]!.id);
  const [signature, initials, text, bosSignature] = fieldIds as [string, string, string, string];
  return {
    document: await world.client.document.findUniqueOrThrow({ where: { id: document.id } }),
    ana: people[0]!,
    bo: people[1]!,
    token: tokens[ana.email]!,
    boToken: tokens[bo.email]!,
    ids: { signature, initials, text, bosSignature },
  };
}

const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;
const png = (width: number, height: number) => PNG.sync.write(new PNG({ width, height }));
const stored = (fieldId: string) => world.client.signature.findUnique({ where: { fieldId } });

describe('PUT /api/v1/signing/{token}/fields/{fieldId} with { signature }', () => {
  it('drawn: renders the strokes, seals the biometric record to the escrow key, bound and audited', async () => {
    const { document, ana: signer, token, ids } = await signing();
    const answer = await putField(token, ids.signature, { signature: penSignature() });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ id: ids.signature, type: 'signature' });
    expect(answer.body?.value).toMatch(/^data:image\/svg\+xml;base64,/);
    const row = (await stored(ids.signature))!;
    expect(row.kind).toBe('DRAWN');
    const { record, recordSha256 } = openBiometricEnvelope(JSON.parse(row.biometric!), escrowPair.privateKey);
    expect(record.binding).toEqual({
      documentSha256: document.originalSha256,
      recipientId: signer.id,
      fieldId: ids.signature,
    });
    expect(record.strokes[0]!.samples.map((sample) => sample[3])).toEqual([0.2, 0.35, 0.5, 0.65, 0.8, 0.7, 0.4]);
    expect(record.strokes[0]!.samples[0]!.slice(4)).toEqual([25, -10, 45]);
    expect(JSON.parse(row.points!).strokes[0][1]).toEqual([100, 130, 0.35]);
    const trail = await auditTrail(document.id);
    const event = trail.events.find((candidate) => candidate.type === 'field.filled');
    expect(event).toMatchObject({
      actor: `recipient:${signer.id}`,
      data: {
        fieldId: ids.signature,
        signature: { kind: 'drawn' },
        biometric: { recordSha256, binding: record.binding },
      },
    });
    expect(trail.chainValid).toBe(true);
  });

  it('typed initials: glyph outlines in the chosen font; a new signature replaces the old one', async () => {
    const { token, ids } = await signing();
    expect((await putField(token, ids.initials, { signature: penSignature() })).status).toBe(200);
    const answer = await putField(token, ids.initials, {
      signature: { kind: 'typed', text: 'AG', font: 'great-vibes' },
    });
    expect(answer.status).toBe(200);
    expect(await stored(ids.initials)).toMatchObject({
      kind: 'TYPED',
      text: 'AG',
      font: 'great-vibes',
      biometric: null,
      points: null,
    });
    expect(await world.client.signature.count({ where: { fieldId: ids.initials } })).toBe(1);
  });

  it('image: a JPEG is re-encoded and kept as a JPEG', async () => {
    const { token, ids } = await signing();
    const bytes = Buffer.from(jpeg.encode({ data: Buffer.alloc(80 * 30 * 4, 90), width: 80, height: 30 }, 85).data);
    const answer = await putField(token, ids.signature, {
      signature: { kind: 'image', image: dataUrl('image/jpeg', bytes) },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body?.value).toMatch(/^data:image\/jpeg;base64,/);
    expect(JSON.parse((await stored(ids.signature))!.appearance)).toMatchObject({
      type: 'image',
      mime: 'image/jpeg',
      width: 80,
      height: 30,
    });
  });

  it('a signed field counts as filled: the signer completes', async () => {
    const { token, ids } = await signing();
    expect((await complete(token)).status).toBe(422);
    await putField(token, ids.signature, { signature: { kind: 'typed', text: 'Ana Gonçalves' } });
    await putField(token, ids.initials, { signature: { kind: 'typed', text: 'AG' } });
    expect((await complete(token)).body).toEqual({ status: 'signed', everyoneSigned: false });
    // Frozen after completing: the link is gone.
    expect((await putField(token, ids.signature, { signature: penSignature() })).status).toBe(410);
  });

  const refusals: [
    string,
    (ids: Awaited<ReturnType<typeof signing>>['ids']) => [string, unknown],
    number,
    string,
    string[]?,
  ][] = [
    ['a value on a signature field', (ids) => [ids.signature, { value: 'Ana' }], 400, 'INVALID_INPUT', ['value']],
    [
      'a signature on a text field',
      (ids) => [ids.text, { signature: { kind: 'typed', text: 'Ana' } }],
      400,
      'INVALID_INPUT',
      ['signature'],
    ],
    [
      'an unknown kind',
      (ids) => [ids.signature, { signature: { kind: 'stamp' } }],
      400,
      'INVALID_INPUT',
      ['signature.kind'],
    ],
    [
      'no strokes',
      (ids) => [ids.signature, { signature: { kind: 'drawn', strokes: [], width: 600, height: 200 } }],
      400,
      'INVALID_INPUT',
      ['signature.strokes'],
    ],
    [
      'a point outside the pad',
      (ids) => [ids.signature, { signature: { ...penSignature(), height: 50 } }],
      400,
      'INVALID_INPUT',
    ],
    [
      'a pressure above 1',
      (ids) => [ids.signature, { signature: { ...penSignature(), strokes: [[{ x: 1, y: 1, t: 0, pressure: 2 }]] } }],
      400,
      'INVALID_INPUT',
      ['signature.strokes.0.0.pressure'],
    ],
    [
      'an unknown font',
      (ids) => [ids.signature, { signature: { kind: 'typed', text: 'Ana', font: 'comic-sans' } }],
      400,
      'INVALID_INPUT',
      ['signature.font'],
    ],
    [
      'letters the font cannot write',
      (ids) => [ids.signature, { signature: { kind: 'typed', text: '王小明' } }],
      400,
      'INVALID_INPUT',
      ['signature.text'],
    ],
    [
      'a GIF sent as PNG',
      (ids) => [
        ids.signature,
        {
          signature: { kind: 'image', image: dataUrl('image/png', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;')) },
        },
      ],
      415,
      'FILE_TYPE_MISMATCH',
    ],
    [
      'a PNG sent as JPEG',
      (ids) => [ids.signature, { signature: { kind: 'image', image: dataUrl('image/jpeg', png(40, 20)) } }],
      415,
      'FILE_TYPE_MISMATCH',
    ],
    [
      'an image too small',
      (ids) => [ids.signature, { signature: { kind: 'image', image: dataUrl('image/png', png(4, 4)) } }],
      400,
      'INVALID_INPUT',
    ],
    [
      'a damaged image',
      (ids) => [
        ids.signature,
        {
          signature: {
            kind: 'image',
            image: dataUrl('image/png', Buffer.concat([png(40, 40).subarray(0, 40), Buffer.alloc(40, 3)])),
          },
        },
      ],
      422,
      'CORRUPT_FILE',
    ],
    [
      'an image over 1 MiB',
      (ids) => [
        ids.signature,
        {
          signature: {
            kind: 'image',
            image: dataUrl('image/png', Buffer.concat([png(40, 40), Buffer.alloc(1024 * 1024)])),
          },
        },
      ],
      413,
      'PAYLOAD_TOO_LARGE',
    ],
    [
      "Bo's field with Ana's link",
      (ids) => [ids.bosSignature, { signature: { kind: 'typed', text: 'Ana' } }],
      404,
      'NOT_FOUND',
    ],
  ];

  it.each(refusals)('refuses %s, storing nothing', async (_name, pick, status, code, paths) => {
    const { document, token, ids } = await signing();
    const [fieldId, body] = pick(ids);
    const before = (await auditTrail(document.id)).events.length;
    const answer = await putField(token, fieldId, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body?.code).toBe(code);
    if (paths) expect(answer.body?.errors?.map((error) => error.path)).toEqual(paths);
    expect(await world.client.signature.count({ where: { field: { documentId: document.id } } })).toBe(0);
    expect(await fieldValue(fieldId)).toBeNull();
    expect((await auditTrail(document.id)).events.length).toBe(before);
  });

  it('refuses before consent (409) and a body over 4 MiB (413)', async () => {
    const { boToken, token, ids } = await signing();
    expect((await putField(boToken, ids.bosSignature, { signature: penSignature() })).status).toBe(409);
    const huge = await putRaw(token, ids.signature, {
      body: `{"signature":${' '.repeat(4 * 1024 * 1024)}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.status).toBe(413);
    expect(await stored(ids.signature)).toBeNull();
  });
});

describe('npm run biometric -- decrypt', () => {
  // It starts the script twice as its holder would (node + tsx loading the app's modules): seconds each on a loaded machine.
  it("prints the document's records for the holder of the escrow private key, checked against the audit trail", async () => {
    const { document, token, ids } = await signing();
    await putField(token, ids.signature, { signature: penSignature([0.11, 0.22, 0.33]) });
    await putField(token, ids.initials, { signature: { kind: 'typed', text: 'AG' } });
    const keyFile = path.join(mkdtempSync(path.join(tmpdir(), 'examiner-')), 'escrow-private.pem');
    writeFileSync(keyFile, escrowPair.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const root = path.resolve(import.meta.dirname, '../../..');
    const run = (key: string) =>
      execFileSync(
        process.execPath,
        [
          '--conditions=react-server',
          '--import',
          'tsx',
          'scripts/biometric.ts',
          'decrypt',
          '--key',
          key,
          '--document',
          document.id,
        ],
        { cwd: root, env: { ...process.env }, encoding: 'utf8' },
      );
    const printed = JSON.parse(run(keyFile)) as {
      records: { fieldId: string; checks: Record<string, boolean>; record: { strokes: { samples: number[][] }[] } }[];
    };
    expect(printed.records).toHaveLength(1);
    expect(printed.records[0]!.fieldId).toBe(ids.signature);
    expect(printed.records[0]!.checks).toEqual({
      bindingMatchesField: true,
      sha256MatchesDatabase: true,
      sha256InAuditTrail: true,
    });
    expect(printed.records[0]!.record.strokes[0]!.samples.map((sample) => sample[3])).toEqual([0.11, 0.22, 0.33]);
    // Another key opens nothing, and says so with a failing exit status.
    const { generateKeyPairSync } = await import('node:crypto');
    const other = path.join(path.dirname(keyFile), 'other.pem');
    writeFileSync(
      other,
      generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }),
    );
    expect(() => run(other)).toThrow();
  }, 60_000);
});
