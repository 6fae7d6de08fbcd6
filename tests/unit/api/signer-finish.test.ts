import { describe, expect, it, vi } from 'vitest';
import { signerWorld } from './signer-helpers';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

const { world, sent, consent, putField, complete, decline, auditTrail, fieldValue, mailsTo, invitationsTo, runJobs } =
  signerWorld();

const ana = { email: 'ana@example.com', name: 'Ana' };
const bo = { email: 'bo@example.com', name: 'Bo' };
const owner = 'owner@example.com';

/** What the signature capture (another part) leaves on a signed field; here written directly. */
async function signatureCaptured(fieldId: string) {
  await world.client.signature.create({ data: { fieldId, kind: 'TYPED', image: 'data:image/png;base64,AA==' } });
}

const recipient = (id: string) => world.client.recipient.findUniqueOrThrow({ where: { id } });
const jobs = (queue: string, documentId: string) =>
  world.client.job.findMany({ where: { queue, payload: { contains: documentId } } });

describe('POST /api/v1/signing/{token}/complete', () => {
  it('refuses with 422 naming each required field still empty (an unticked required checkbox too), and signs nothing', async () => {
    const { people, fieldIds, tokens } = await sent(
      [ana],
      [
        { to: 0, type: 'signature' },
        { to: 0, type: 'text', label: 'Address' },
        { to: 0, type: 'checkbox' },
        { to: 0, type: 'text', required: false },
        { to: 0, type: 'date' },
      ],
    );
    const [signature, address, checkbox] = fieldIds as [string, string, string];
    const token = tokens[ana.email]!;
    await consent(people[0]!.id);
    expect((await putField(token, checkbox, { value: 'false' })).status).toBe(200);
    const refused = await complete(token);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'UNPROCESSABLE',
      reason: 'required_fields_empty',
      fields: [signature, address, checkbox],
    });
    expect(refused.body?.errors?.map((error) => error.path)).toEqual([
      `fields.${signature}`,
      `fields.${address}`,
      `fields.${checkbox}`,
    ]);
    expect(refused.body?.errors?.[1]).toMatchObject({ message: expect.stringContaining('"Address"') });
    expect(await recipient(people[0]!.id)).toMatchObject({ status: 'SENT', signedAt: null });

    await signatureCaptured(signature);
    await putField(token, address, { value: 'Rua Augusta 1' });
    await putField(token, checkbox, { value: 'true' });
    const answer = await complete(token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ status: 'signed', everyoneSigned: true });
  });

  it("signs: the recipient is signed, dates get the signing date in the owner's format, fields are frozen (410 signed)", async () => {
    const { people, fieldIds, tokens } = await sent(
      [ana],
      [
        { to: 0, type: 'signature' },
        { to: 0, type: 'text', required: false },
        { to: 0, type: 'date', dateFormat: 'dd.MM.yyyy' },
        { to: 0, type: 'date', dateFormat: 'd MMMM yyyy' },
        { to: 0, type: 'date' },
      ],
      { locale: 'pt' },
    );
    const [signature, text, dotted, spelled, plain] = fieldIds as [string, string, string, string, string];
    const token = tokens[ana.email]!;
    await consent(people[0]!.id);
    await signatureCaptured(signature);
    expect((await complete(token)).status).toBe(200);
    const signed = await recipient(people[0]!.id);
    expect(signed.status).toBe('SIGNED');
    const at = signed.signedAt as Date;
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(await fieldValue(dotted)).toBe(
      `${pad(at.getUTCDate())}.${pad(at.getUTCMonth() + 1)}.${at.getUTCFullYear()}`,
    );
    expect(await fieldValue(spelled)).toBe(
      `${at.getUTCDate()} ${new Intl.DateTimeFormat('pt', { month: 'long', day: 'numeric', timeZone: 'UTC' }).formatToParts(at).find((part) => part.type === 'month')?.value} ${at.getUTCFullYear()}`,
    );
    expect(await fieldValue(plain)).toBe(at.toISOString().slice(0, 10));

    for (const answer of [
      await putField(token, text, { value: 'after' }),
      await complete(token),
      await decline(token, { reason: 'changed my mind' }),
    ]) {
      expect(answer.status).toBe(410);
      expect(answer.body).toMatchObject({ reason: 'signed' });
    }
    expect(await fieldValue(text)).toBeNull();
  });

  it('two completes at once end with one signed and one recipient.signed event; the other answers 410 signed', async () => {
    const { document, people, fieldIds, tokens } = await sent([ana], [{ to: 0, type: 'signature' }]);
    await consent(people[0]!.id);
    await signatureCaptured(fieldIds[0]!);
    const answers = await Promise.all([
      complete(tokens[ana.email]!),
      complete(tokens[ana.email]!),
      complete(tokens[ana.email]!),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410, 410]);
    const trail = await auditTrail(document.id);
    expect(trail.events.filter((event) => event.type === 'recipient.signed')).toHaveLength(1);
    expect(await jobs('document.finalize', document.id)).toHaveLength(1);
    expect(trail.chainValid).toBe(true);
  });

  it('twelve parallel signers finishing at once on SQLite: every one signed, one finalize job, the chain whole', async () => {
    const people = Array.from({ length: 12 }, (_, index) => ({ email: `p${index}@example.com`, name: `P${index}` }));
    const {
      document,
      people: stored,
      fieldIds,
      tokens,
    } = await sent(
      people,
      people.map((_, index) => ({ to: index, type: 'signature' })),
      { signingOrder: 'parallel' },
    );
    for (const [index, person] of stored.entries()) {
      await consent(person.id);
      await signatureCaptured(fieldIds[index]!);
    }
    const answers = await Promise.all(people.map((person) => complete(tokens[person.email]!)));
    expect(answers.map((answer) => answer.status)).toEqual(people.map(() => 200));
    expect(await world.client.recipient.count({ where: { documentId: document.id, status: 'SIGNED' } })).toBe(12);
    expect(await jobs('document.finalize', document.id)).toHaveLength(1);
    const trail = await auditTrail(document.id);
    expect(trail.events.filter((event) => event.type === 'recipient.signed')).toHaveLength(12);
    expect(trail.chainValid).toBe(true);
  });

  it('invites the next signer only after the first signs, tells the owner each time, and queues document.finalize after the last', async () => {
    const { document, people, fieldIds, tokens } = await sent(
      [ana, bo],
      [
        { to: 0, type: 'signature' },
        { to: 1, type: 'signature' },
      ],
      { signingOrder: 'sequential' },
    );
    const [anaId, boId] = [people[0]!.id, people[1]!.id];
    // The outbox holds the earlier tests' mails too: only what arrives from here on counts.
    const [ownerSeen, anaSeen] = [(await mailsTo(owner)).length, (await mailsTo(ana.email)).length];
    expect(await invitationsTo(bo.email)).toHaveLength(0);
    expect(await recipient(boId)).toMatchObject({ invitedAt: null });

    await consent(anaId);
    await signatureCaptured(fieldIds[0]!);
    expect(await complete(tokens[ana.email]!)).toMatchObject({
      status: 200,
      body: { status: 'signed', everyoneSigned: false },
    });
    expect(await jobs('document.finalize', document.id)).toHaveLength(0);
    await runJobs();
    const boToken = (await invitationsTo(bo.email)).at(-1);
    expect(boToken).toBeDefined();
    const toOwner = (await mailsTo(owner)).slice(ownerSeen).filter((mail) => mail.subject.includes('Ana signed'));
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]?.text).toMatch(/1 recipient has yet to sign/);
    expect((await mailsTo(ana.email)).slice(anaSeen).map((mail) => mail.subject)).toEqual([
      'You signed “Contract.pdf”',
    ]);

    const { tokenIn } = await import('./sending-helpers');
    await consent(boId);
    await signatureCaptured(fieldIds[1]!);
    expect(await complete(tokenIn(boToken!))).toMatchObject({ status: 200, body: { everyoneSigned: true } });
    const finalize = await jobs('document.finalize', document.id);
    expect(finalize.map((job) => [JSON.parse(job.payload), job.status])).toEqual([
      [{ documentId: document.id }, 'QUEUED'],
    ]);
    await runJobs();
    // The finalize job is taken by its handler (lib/server/finalize; its own tests follow the seal through).
    expect((await jobs('document.finalize', document.id))[0]!.attempts).toBeGreaterThanOrEqual(1);
    expect(
      (await mailsTo(owner)).slice(ownerSeen).filter((mail) => mail.subject.includes('Bo signed'))[0]?.text,
    ).toMatch(/Everyone has signed/);

    const trail = await auditTrail(document.id);
    expect(trail.events.filter((event) => event.type === 'recipient.signed').map((event) => event.actor)).toEqual([
      `recipient:${anaId}`,
      `recipient:${boId}`,
    ]);
    expect(trail.chainValid).toBe(true);
  });

  it('a viewer has nothing to sign or decline (409); an approver completes as signed', async () => {
    const { people, fieldIds, tokens } = await sent(
      [ana, { ...bo, role: 'approver' }, { email: 'vi@example.com', name: 'Vi', role: 'viewer' }],
      [{ to: 0, type: 'signature' }],
      { signingOrder: 'parallel' },
    );
    await consent(people[2]!.id);
    expect((await complete(tokens['vi@example.com']!)).body).toMatchObject({ code: 'CONFLICT', reason: 'viewer' });
    expect((await decline(tokens['vi@example.com']!, { reason: 'no' })).status).toBe(409);
    await consent(people[1]!.id);
    expect((await complete(tokens[bo.email]!)).status).toBe(200);
    expect(await recipient(people[1]!.id)).toMatchObject({ status: 'SIGNED' });
    expect(fieldIds).toHaveLength(1);
  });

  it('refuses without consent (409) and without authentication (401), signing nothing', async () => {
    const { people, fieldIds, tokens } = await sent([{ ...ana, auth: 'email_otp' }], [{ to: 0, type: 'signature' }]);
    await signatureCaptured(fieldIds[0]!);
    expect((await complete(tokens[ana.email]!)).status).toBe(409);
    // Declining needs no consent (refusing to sign electronically is a reason), but does need the sender's authentication.
    expect((await decline(tokens[ana.email]!, { reason: 'x' })).status).toBe(401);
    await consent(people[0]!.id);
    expect((await complete(tokens[ana.email]!)).status).toBe(401);
    expect((await decline(tokens[ana.email]!, { reason: 'x' })).status).toBe(401);
    expect(await recipient(people[0]!.id)).toMatchObject({ status: 'SENT' });
  });
});

describe('POST /api/v1/signing/{token}/decline', () => {
  it('needs a reason of bounded length (400) and changes nothing without one', async () => {
    const { document, people, tokens } = await sent([ana], [{ to: 0, type: 'signature' }]);
    await consent(people[0]!.id);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(1001) }, { reason: 'bell\u0007' }]) {
      const answer = await decline(tokens[ana.email]!, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body?.errors?.[0]?.path).toBe('reason');
    }
    expect((await world.client.document.findUniqueOrThrow({ where: { id: document.id } })).status).toBe('PENDING');
  });

  it('declines: recipient and document declined, every link 410 declined, owner mailed the reason, those with a link told', async () => {
    const carol = { email: 'carol@example.com', name: 'Carol', order: 2 };
    const { document, people, fieldIds, tokens } = await sent(
      [ana, { ...bo, order: 1 }, carol],
      [
        { to: 0, type: 'signature' },
        { to: 1, type: 'signature' },
        { to: 1, type: 'text', required: false },
        { to: 2, type: 'signature' },
      ],
      { signingOrder: 'sequential' },
    );
    // Ana and Bo (order 1) have links; Carol (order 2) was never reached.
    expect(Object.keys(tokens).sort()).toEqual([ana.email, bo.email]);
    await consent(people[0]!.id);
    const answer = await decline(tokens[ana.email]!, { reason: 'The price is wrong.\nCall me.' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'declined' });

    const declined = await recipient(people[0]!.id);
    expect(declined).toMatchObject({ status: 'DECLINED', declineReason: 'The price is wrong.\nCall me.' });
    expect(declined.declinedAt).toBeInstanceOf(Date);
    expect(await world.client.document.findUniqueOrThrow({ where: { id: document.id } })).toMatchObject({
      status: 'DECLINED',
    });
    await consent(people[1]!.id);
    for (const token of [tokens[ana.email]!, tokens[bo.email]!]) {
      const late = await putField(token, fieldIds[2]!, { value: 'x' });
      expect(late.status).toBe(410);
      expect(late.body).toMatchObject({ reason: 'declined', documentName: 'Contract.pdf' });
    }
    expect(await fieldValue(fieldIds[2]!)).toBeNull();

    await runJobs();
    const toOwner = (await mailsTo(owner)).filter((mail) => mail.subject.includes('declined'));
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]?.text).toContain('The price is wrong.');
    const toBo = (await mailsTo(bo.email)).filter((mail) => mail.subject.includes('was declined'));
    expect(toBo).toHaveLength(1);
    expect(toBo[0]?.text).not.toContain('The price is wrong.');
    expect(await mailsTo(carol.email)).toHaveLength(0);
    expect(await invitationsTo(carol.email)).toHaveLength(0);

    const trail = await auditTrail(document.id);
    const event = trail.events.find((candidate) => candidate.type === 'recipient.declined');
    expect(event).toMatchObject({
      actor: `recipient:${people[0]!.id}`,
      data: { reason: 'The price is wrong.\nCall me.' },
    });
    expect(trail.chainValid).toBe(true);
    // Rewriting the reason afterwards shows: the chain no longer holds.
    const stored = await world.client.auditEvent.findFirstOrThrow({
      where: { documentId: document.id, type: 'recipient.declined' },
    });
    await world.client.auditEvent.update({
      where: { id: stored.id },
      data: { data: stored.data.replace('The price is wrong.', 'Fine by me.') },
    });
    expect((await auditTrail(document.id)).chainValid).toBe(false);
  });

  it('works before consent: a signer who will not sign electronically can still say no', async () => {
    const { document, people, tokens } = await sent([ana], [{ to: 0, type: 'signature' }]);
    const answer = await decline(tokens[ana.email]!, { reason: 'I sign on paper only.' });
    expect(answer.status).toBe(200);
    expect(await recipient(people[0]!.id)).toMatchObject({
      status: 'DECLINED',
      consentAt: null,
      declineReason: 'I sign on paper only.',
    });
    expect((await world.client.document.findUniqueOrThrow({ where: { id: document.id } })).status).toBe('DECLINED');
  });
});
