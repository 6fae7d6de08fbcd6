import { AppError } from '@/lib/errors';
import { createContactRequest } from '@/lib/server/contact/create-contact-request';
import { contactRateLimiter, CONTACT_BODY_LIMIT } from '@/lib/server/contact/contact-limits';
import { problemResponse, withProblems } from '@/lib/server/http/problem';
import { clientIp } from '@/lib/server/http/rate-limit';
import { readJsonBody } from '@/lib/server/http/read-json-body';
import { assertSameOrigin } from '@/lib/server/http/same-origin';

export const dynamic = 'force-dynamic';

/** POST /api/contact: the public contact form (README "Contact requests"). */
export const POST = withProblems(async (request: Request) => {
  assertSameOrigin(request);
  const input = await readJsonBody(request, CONTACT_BODY_LIMIT);
  const ip = clientIp(request);
  const limit = contactRateLimiter().hit(ip);
  if (!limit.allowed) {
    const error = new AppError('RATE_LIMITED', `Too many contact requests from this address; try again in ${limit.retryAfterSeconds} s.`);
    const response = await problemResponse(error, request);
    response.headers.set('retry-after', String(limit.retryAfterSeconds));
    return response;
  }
  const created = await createContactRequest({ input, ip, userAgent: request.headers.get('user-agent') });
  return Response.json({ id: created.id }, { status: 201, headers: { 'cache-control': 'no-store' } });
});

/** Other methods get problem+json too, naming the one that works. */
async function methodNotAllowed(request: Request) {
  const response = await problemResponse(new AppError('METHOD_NOT_ALLOWED', 'Send contact requests with POST.'), request);
  response.headers.set('allow', 'POST');
  return response;
}

export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE };
