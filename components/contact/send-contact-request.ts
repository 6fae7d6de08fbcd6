import { fieldErrorsFrom } from '@/lib/contact/contact-options';

export type TSendOutcome =
  | { kind: 'sent'; id: string }
  | { kind: 'invalid'; errors: Partial<Record<string, string>> }
  | { kind: 'network' }
  | { kind: 'failed'; status: number };

/** POSTs the form to /api/contact and says what happened, in terms the form can show. */
export async function sendContactRequest(values: Record<string, unknown>): Promise<TSendOutcome> {
  let response: Response;
  try {
    response = await fetch('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(values),
    });
  } catch {
    return { kind: 'network' };
  }
  const body = (await response.json().catch(() => null)) as {
    id?: string;
    errors?: { path: string; message: string }[];
  } | null;
  if (response.status === 201 && typeof body?.id === 'string') return { kind: 'sent', id: body.id };
  if (response.status === 400 && body?.errors?.length) return { kind: 'invalid', errors: fieldErrorsFrom(body.errors) };
  return { kind: 'failed', status: response.status };
}
