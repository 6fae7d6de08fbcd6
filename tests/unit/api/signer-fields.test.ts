import { describe, expect, it, vi } from 'vitest';
import { signerWorld } from './signer-helpers';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

const { world, call, sent, consent, putField, putRaw, auditTrail, fieldValue, routes } = signerWorld();

const ana = { email: 'ana@example.com', name: 'Ana' };
const bo = { email: 'bo@example.com', name: 'Bo' };

/** Ana (consent given) with one field of each data type; Bo, in parallel, with a text field. */
async function dataFields() {
  const { document, people, fieldIds, tokens } = await sent(
    [ana, bo],
    [
      { to: 0, type: 'text' },
      { to: 0, type: 'number', min: 1, max: 10 },
      { to: 0, type: 'checkbox' },
      { to: 0, type: 'radio', options: ['Yes', 'No'] },
      { to: 0, type: 'dropdown', options: ['Lisbon', 'Prague'] },
      { to: 0, type: 'name' },
      { to: 0, type: 'email' },
      { to: 0, type: 'date' },
      { to: 0, type: 'signature' },
      { to: 1, type: 'text' },
      { to: 1, type: 'signature' },
    ],
    { signingOrder: 'parallel' },
  );
  await consent(people[0]!.id);
  const [text, number, checkbox, radio, dropdown, name, email, date, signature, bosText] = fieldIds as string[] as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  return {
    document,
    people,
    token: tokens[ana.email]!,
    boToken: tokens[bo.email]!,
    ids: { text, number, checkbox, radio, dropdown, name, email, date, signature, bosText },
  };
}

describe('PUT /api/v1/signing/{token}/fields/{fieldId}: values checked against the field type', () => {
  it('stores a fitting value of each type and answers the field with it', async () => {
    const { token, ids } = await dataFields();
    const fitting: [string, string, string][] = [
      [ids.text, '  Rua Augusta 1\nLisboa ', 'Rua Augusta 1\nLisboa'],
      [ids.number, '7.5', '7.5'],
      [ids.checkbox, 'true', 'true'],
      [ids.radio, 'No', 'No'],
      [ids.dropdown, 'Prague', 'Prague'],
      [ids.name, 'Ana Nováková', 'Ana Nováková'],
      [ids.email, ' Ana@Example.com ', 'ana@example.com'],
    ];
    for (const [id, value, stored] of fitting) {
      const answer = await putField(token, id, { value });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toMatchObject({ id, value: stored });
      expect(await fieldValue(id)).toBe(stored);
    }
  });

  it('refuses a value that does not fit with 400 naming value, and stores nothing', async () => {
    const { token, ids } = await dataFields();
    const misfits: [string, unknown][] = [
      [ids.text, 'x'.repeat(1001)],
      [ids.text, 'bell\u0007'],
      [ids.number, '11'],
      [ids.number, '0.5'],
      [ids.number, '1e3'],
      [ids.number, 'seven'],
      [ids.checkbox, 'yes'],
      [ids.radio, 'Maybe'],
      [ids.dropdown, 'prague'],
      [ids.name, 'Ana\nBcc: x@example.com'],
      [ids.name, 'x'.repeat(201)],
      [ids.email, 'not-an-address'],
      [ids.text, 42],
    ];
    for (const [id, value] of misfits) {
      const answer = await putField(token, id, { value });
      expect(answer.status, `${JSON.stringify(value)}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body?.errors?.map((error) => error.path)).toEqual(['value']);
      expect(await fieldValue(id)).toBeNull();
    }
    expect((await putField(token, ids.text, { value: 'ok', extra: 1 })).status).toBe(400);
    expect((await putField(token, ids.text, {})).status).toBe(400);
  });

  it('answers a date field 409 whatever the body, and stores nothing', async () => {
    const { token, ids } = await dataFields();
    const answer = await putField(token, ids.date, { value: '2020-01-01' });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'CONFLICT', reason: 'date_field' });
    expect(await fieldValue(ids.date)).toBeNull();
  });

  it('refuses a data value on a signature field and a signature on a data field (400 with errors[])', async () => {
    const { token, ids } = await dataFields();
    const onSignature = await putField(token, ids.signature, { value: 'Ana' });
    expect(onSignature.status).toBe(400);
    expect(onSignature.body?.errors?.map((error) => error.path)).toEqual(['value']);
    const onText = await putField(token, ids.text, { signature: { kind: 'typed', text: 'Ana' } });
    expect(onText.status).toBe(400);
    expect(onText.body?.errors?.map((error) => error.path)).toEqual(['signature']);
    expect(await fieldValue(ids.text)).toBeNull();
  });

  it('a signature body on a signature field fills it (tests/unit/api/signer-signatures.test.ts has the rest)', async () => {
    const { token, ids } = await dataFields();
    const answer = await putField(token, ids.signature, { signature: { kind: 'typed', text: 'Ana' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body?.value).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await world.client.signature.count({ where: { fieldId: ids.signature } })).toBe(1);
  });

  it('clears with "" or null, records field.filled and field.cleared with the user agent, and the same value twice once', async () => {
    const { document, people, token, ids } = await dataFields();
    const headers = { 'content-type': 'application/json', 'user-agent': 'SignerTest/1.0' };
    expect((await putRaw(token, ids.text, { body: JSON.stringify({ value: 'Hello' }), headers })).status).toBe(200);
    expect((await putField(token, ids.text, { value: 'Hello' })).status).toBe(200);
    expect((await putField(token, ids.text, { value: '' })).body).toMatchObject({ value: null });
    expect((await putField(token, ids.text, { value: null })).status).toBe(200);
    const trail = await auditTrail(document.id);
    const mine = trail.events.filter((event) => event.type.startsWith('field.'));
    expect(mine.map((event) => [event.type, event.data.value])).toEqual([
      ['field.filled', 'Hello'],
      ['field.cleared', null],
    ]);
    expect(mine[0]).toMatchObject({
      actor: `recipient:${people[0]!.id}`,
      userAgent: 'SignerTest/1.0',
      data: { fieldId: ids.text, fieldType: 'text' },
    });
    expect(trail.chainValid).toBe(true);
  });
});

describe('whose field, and whether the link may change anything', () => {
  it("answers 404 for another recipient's field and for an unknown one, alike, and changes nothing", async () => {
    const { token, ids } = await dataFields();
    const foreign = await putField(token, ids.bosText, { value: 'mine now' });
    const unknown = await putField(token, 'no-such-field', { value: 'x' });
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(foreign.body?.detail).toBe(unknown.body?.detail);
    expect(await fieldValue(ids.bosText)).toBeNull();
  });

  it('checks in the documented order: 410 before 409 consent before 401 auth, and a refused call stores nothing', async () => {
    const { people, fieldIds, tokens } = await sent(
      [{ ...ana, auth: 'email_otp' }],
      [
        { to: 0, type: 'text' },
        { to: 0, type: 'signature' },
      ],
    );
    const [text] = fieldIds as [string, string];
    const token = tokens[ana.email]!;
    const noConsent = await putField(token, text, { value: 'x' });
    expect(noConsent.status).toBe(409);
    expect(noConsent.body).toMatchObject({ reason: 'consent_required' });
    await consent(people[0]!.id);
    const noAuth = await putField(token, text, { value: 'x' });
    expect(noAuth.status).toBe(401);
    expect(noAuth.body).toMatchObject({ reason: 'auth_required', method: 'email_otp' });
    expect(await fieldValue(text)).toBeNull();
    await world.client.recipient.update({ where: { id: people[0]!.id }, data: { authAt: new Date() } });
    expect((await putField(token, text, { value: 'x' })).status).toBe(200);
  });

  it('a replaced, cancelled or expired link answers 410 with its reason, before consent, and stores nothing', async () => {
    for (const ending of ['replaced', 'cancelled', 'expired'] as const) {
      const { document, people, fieldIds, tokens } = await sent(
        [ana],
        [
          { to: 0, type: 'text' },
          { to: 0, type: 'signature' },
        ],
      );
      const [text] = fieldIds as [string, string];
      if (ending === 'replaced') {
        const resend = await import('@/app/api/v1/documents/[id]/recipients/[recipientId]/link/route');
        expect(
          (await call(resend.POST, 'POST', '/x', { params: { id: document.id, recipientId: people[0]!.id } })).status,
        ).toBe(200);
      } else if (ending === 'cancelled') {
        const cancel = await import('@/app/api/v1/documents/[id]/cancel/route');
        expect(
          (await call(cancel.POST, 'POST', '/x', { params: { id: document.id }, body: { reason: 'Wrong file' } }))
            .status,
        ).toBe(200);
      } else {
        await world.client.document.update({
          where: { id: document.id },
          data: { expiresAt: new Date(Date.now() - 1000) },
        });
      }
      const answer = await putField(tokens[ana.email]!, text, { value: 'late' });
      expect(answer.status, ending).toBe(410);
      expect(answer.body).toMatchObject({ code: 'GONE', reason: ending, documentName: 'Contract.pdf' });
      expect(await fieldValue(text)).toBeNull();
    }
  });

  it('answers an unknown token 404', async () => {
    const answer = await call(routes.field.PUT, 'PUT', '/x', {
      params: { token: 'A'.repeat(43), fieldId: 'x' },
      body: { value: 'x' },
      key: null,
    });
    expect(answer.status).toBe(404);
  });
});
