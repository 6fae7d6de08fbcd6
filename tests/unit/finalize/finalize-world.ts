import { expect } from 'vitest';
import type { TPages } from '@/tests/unit/api/helpers';
import { tokenIn } from '@/tests/unit/api/sending-helpers';
import { signerWorld } from '@/tests/unit/api/signer-helpers';

type TRecipientSpec = { email: string; name: string; role?: string; auth?: string };
type TFieldSpec = {
  to: number;
  type: string;
  page?: number;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  required?: boolean;
  options?: string[];
  dateFormat?: string;
};

/**
 * signerWorld with a document of chosen pages (rotated ones included) and
 * fields at chosen places, sent through the owner's real routes; the
 * invitations' tokens are read from the mails, as a signer gets them.
 */
export function finalizeWorld() {
  const world = signerWorld();
  const { call, draft, routes, invitationsTo, runJobs } = world;

  async function sentOn(
    pages: TPages,
    recipients: TRecipientSpec[],
    fields: TFieldSpec[],
    body: Record<string, unknown> = { signingOrder: 'parallel' },
  ) {
    const document = await draft(pages);
    const saved = await call(routes.recipients.PUT, 'PUT', '/x', { params: { id: document.id }, body: { recipients } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const people = saved.body?.recipients as { id: string; email: string }[];
    const placed = fields.map(({ to, ...field }, index) => ({
      recipientId: people[to]?.id,
      page: 1,
      x: 20,
      y: 20 + 34 * index,
      ...field,
    }));
    const put = await call(routes.fields.PUT, 'PUT', '/x', { params: { id: document.id }, body: { fields: placed } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const sent = await call(routes.send.POST, 'POST', '/x', { params: { id: document.id }, body });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await runJobs();
    const tokens: Record<string, string> = {};
    for (const person of people) {
      const invitation = (await invitationsTo(person.email)).at(-1);
      if (invitation) tokens[person.email] = tokenIn(invitation);
    }
    return { document, people, fieldIds: (put.body?.fields as { id: string }[]).map((field) => field.id), tokens };
  }

  /** A file for an attachment field, as the signing page uploads it. */
  function upload(token: string, fieldId: string, bytes: Uint8Array, name: string) {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(bytes)]), name);
    return world.putRaw(token, fieldId, { body: form });
  }

  return { ...world, sentOn, upload };
}
