import { beforeAll, expect } from 'vitest';
import { apiWorld } from './helpers';
import { outboxMails, runDueJobs, tokenIn, type TOutboxMail } from './sending-helpers';

type TRecipientSpec = { email: string; name: string; role?: string; order?: number; auth?: string };
type TFieldSpec = {
  to: number;
  type: string;
  required?: boolean;
  options?: string[];
  min?: number;
  max?: number;
  dateFormat?: string;
  label?: string;
};

/**
 * The signer's change endpoints against a real sent document: the owner's
 * v1 routes place recipients and fields and send, the job runner mails the
 * invitations to the outbox, and each signer's token is read from their mail.
 * Call vi.mock for auth and next/headers in the test file (as the sending tests do).
 */
export function signerWorld() {
  const api = apiWorld();
  const { world, call, draft } = api;
  const routes = {} as {
    recipients: typeof import('@/app/api/v1/documents/[id]/recipients/route');
    fields: typeof import('@/app/api/v1/documents/[id]/fields/route');
    send: typeof import('@/app/api/v1/documents/[id]/send/route');
    audit: typeof import('@/app/api/v1/documents/[id]/audit/route');
    field: typeof import('@/app/api/v1/signing/[token]/fields/[fieldId]/route');
    complete: typeof import('@/app/api/v1/signing/[token]/complete/route');
    decline: typeof import('@/app/api/v1/signing/[token]/decline/route');
  };
  let dataDir = '';

  beforeAll(async () => {
    Object.assign(routes, {
      recipients: await import('@/app/api/v1/documents/[id]/recipients/route'),
      fields: await import('@/app/api/v1/documents/[id]/fields/route'),
      send: await import('@/app/api/v1/documents/[id]/send/route'),
      audit: await import('@/app/api/v1/documents/[id]/audit/route'),
      field: await import('@/app/api/v1/signing/[token]/fields/[fieldId]/route'),
      complete: await import('@/app/api/v1/signing/[token]/complete/route'),
      decline: await import('@/app/api/v1/signing/[token]/decline/route'),
    });
    dataDir = (await import('@/lib/env')).getEnv().dataDir;
  });

  const mails = () => outboxMails(dataDir);
  const mailsTo = async (email: string) => (await mails()).filter((mail) => mail.to === email);
  const invitationsTo = async (email: string) => (await mailsTo(email)).filter((mail) => /\/sign\//.test(mail.text));

  /** A document sent to `recipients` with `fields`; returns ids, and the tokens of those invited now (by email). */
  async function sent(recipients: TRecipientSpec[], fields: TFieldSpec[], body: Record<string, unknown> = {}) {
    const document = await draft();
    const saved = await call(routes.recipients.PUT, 'PUT', '/x', { params: { id: document.id }, body: { recipients } });
    expect(saved.status).toBe(200);
    const people = saved.body?.recipients as { id: string; email: string }[];
    const placed = fields.map(({ to, ...field }, index) => ({
      recipientId: people[to]?.id,
      page: 1,
      x: 10,
      y: 10 + 30 * index,
      ...field,
    }));
    const put = await call(routes.fields.PUT, 'PUT', '/x', { params: { id: document.id }, body: { fields: placed } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const answer = await call(routes.send.POST, 'POST', '/x', { params: { id: document.id }, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await runDueJobs(world.client);
    const tokens: Record<string, string> = {};
    for (const person of people) {
      const invitation = (await invitationsTo(person.email)).at(-1);
      if (invitation) tokens[person.email] = tokenIn(invitation);
    }
    const fieldIds = (put.body?.fields as { id: string }[]).map((field) => field.id);
    return { document, people, fieldIds, tokens };
  }

  /** Consent as the consent endpoint records it (that endpoint is another part's). */
  async function consent(recipientId: string, authenticated = false) {
    await world.client.recipient.update({
      where: { id: recipientId },
      data: { consentAt: new Date(), ...(authenticated ? { authAt: new Date() } : {}) },
    });
  }

  const putField = (token: string, fieldId: string, body: unknown) =>
    call(routes.field.PUT, 'PUT', '/x', { params: { token, fieldId }, body, key: null });
  const complete = (token: string) => call(routes.complete.POST, 'POST', '/x', { params: { token }, key: null });
  const decline = (token: string, body: unknown) =>
    call(routes.decline.POST, 'POST', '/x', { params: { token }, body, key: null });

  /** A raw request to the field route (multipart uploads, odd content types). */
  async function putRaw(token: string, fieldId: string, init: { body: BodyInit; headers?: Record<string, string> }) {
    const response = await routes.field.PUT(new Request('http://signet.test/x', { method: 'PUT', ...init }), {
      params: Promise.resolve({ token, fieldId }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
  }

  async function auditTrail(documentId: string) {
    const trail = await call(routes.audit.GET, 'GET', '/x', { params: { id: documentId } });
    return trail.body as {
      chainValid: boolean;
      events: {
        type: string;
        actor: string;
        ip: string | null;
        userAgent: string | null;
        data: Record<string, unknown>;
      }[];
    };
  }

  const fieldValue = async (id: string) => (await world.client.field.findUniqueOrThrow({ where: { id } })).value;

  return {
    ...api,
    routes,
    mails,
    mailsTo,
    invitationsTo,
    sent,
    consent,
    putField,
    putRaw,
    complete,
    decline,
    auditTrail,
    fieldValue,
    runJobs: () => runDueJobs(world.client),
  };
}

export type { TOutboxMail };
