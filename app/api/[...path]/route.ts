import { AppError } from '@/lib/errors';
import { problemResponse } from '@/lib/server/http/problem';

// Unknown API paths answer problem+json, never the HTML 404 page.
function notFound(request: Request) {
  return problemResponse(new AppError('NOT_FOUND', `No API route matches ${new URL(request.url).pathname}.`), request);
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
