import { expect } from 'vitest';
import type { apiWorld } from './helpers';

type TWorld = ReturnType<typeof apiWorld>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route handler, whatever its params
type THandler = (request: Request, context: { params: Promise<any> }) => Promise<Response> | Response;

export const SIGNER_AGENT = 'Mozilla/5.0 (signing-test)';

/** A signer's call: no credentials but the token in the path, a browser's user agent. */
export async function signerCall(handler: THandler, method: string, params: Record<string, string>, body?: unknown) {
  const headers: Record<string, string> = { 'user-agent': SIGNER_AGENT };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const request = new Request(`http://signet.test/api/v1/signing/${params.token}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const response = await handler(request, { params: Promise.resolve(params) });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = response.headers.get('content-type')?.includes('json') ? new TextDecoder().decode(bytes) : '';
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
  };
}

/**
 * A document sent in parallel to Ana and Bo, two fields each (Bo's first on
 * the page, so order is not insertion order), and a working link for each,
 * taken with the owner's "copy link" (the same link a mail carries).
 */
export async function pendingDocument({ call, draft }: TWorld, send: Record<string, unknown> = {}) {
  const routes = {
    recipients: await import('@/app/api/v1/documents/[id]/recipients/route'),
    fields: await import('@/app/api/v1/documents/[id]/fields/route'),
    send: await import('@/app/api/v1/documents/[id]/send/route'),
    link: await import('@/app/api/v1/documents/[id]/recipients/[recipientId]/link/route'),
  };
  const document = await draft([
    [612, 792],
    [612, 792],
  ]);
  const saved = await call(routes.recipients.PUT, 'PUT', '/x', {
    params: { id: document.id },
    body: {
      recipients: [
        { email: 'ana@example.com', name: 'Ana Silva' },
        { email: 'bo@example.com', name: 'Bo Novak' },
      ],
    },
  });
  const [ana, bo] = saved.body?.recipients as { id: string }[] as [{ id: string }, { id: string }];
  const fields = [
    { recipientId: ana.id, type: 'text', page: 2, x: 50, y: 300, label: 'Company' },
    { recipientId: ana.id, type: 'signature', page: 1, x: 50, y: 600 },
    { recipientId: bo.id, type: 'signature', page: 1, x: 300, y: 100 },
    { recipientId: bo.id, type: 'checkbox', page: 2, x: 40, y: 40 },
  ];
  expect((await call(routes.fields.PUT, 'PUT', '/x', { params: { id: document.id }, body: { fields } })).status).toBe(
    200,
  );
  expect(
    (
      await call(routes.send.POST, 'POST', '/x', {
        params: { id: document.id },
        body: { signingOrder: 'parallel', ...send },
      })
    ).status,
  ).toBe(200);
  const link = async (recipientId: string) => {
    const answer = await call(routes.link.POST, 'POST', '/x', { params: { id: document.id, recipientId } });
    expect(answer.status).toBe(200);
    return { url: answer.body?.url as string, token: (answer.body?.url as string).split('/').pop() as string };
  };
  const fresh = async (recipientId: string) => (await link(recipientId)).token;
  return { document, ana: { ...ana, token: await fresh(ana.id) }, bo: { ...bo, token: await fresh(bo.id) }, link };
}
