import { ZContactRequest } from '@/lib/contact/contact-schema';
import { AppError } from '@/lib/errors';
import { createContactRequest } from '@/lib/server/contact/create-contact-request';
import { clientRateLimitKey, requestMeta } from '@/lib/server/http/client-address';
import { problemResponse, withProblems } from '@/lib/server/http/problem';
import { limit } from '@/lib/server/http/rate-limit';
import { readJsonBody } from '@/lib/server/http/read-json-body';
import { assertSameOrigin } from '@/lib/server/http/same-origin';

export const dynamic = 'force-dynamic';

/** Largest accepted body (the longest valid form is far below it). */
const CONTACT_BODY_LIMIT = 16 * 1024;

/** POST /api/contact: the public contact form (README "Contact requests"). */
export const POST = withProblems(async (request: Request) => {
  assertSameOrigin(request);
  const body = await readJsonBody(request, CONTACT_BODY_LIMIT);
  // Counted before it is checked: a script sending bad forms is held to the same limit.
  await limit('contact', clientRateLimitKey(request));
  const created = await createContactRequest({ input: ZContactRequest.parse(body), ...requestMeta(request) });
  return Response.json({ id: created.id }, { status: 201, headers: { 'cache-control': 'no-store' } });
});

/** Other methods get problem+json too, naming the one that works. */
async function methodNotAllowed(request: Request) {
  const response = await problemResponse(
    new AppError('METHOD_NOT_ALLOWED', 'Send contact requests with POST.'),
    request,
  );
  response.headers.set('allow', 'POST');
  return response;
}

export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
