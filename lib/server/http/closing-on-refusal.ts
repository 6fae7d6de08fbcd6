import 'server-only';
import { core as zodCore } from 'zod';
import { AppError } from '@/lib/errors';
import { toAppError } from './problem';

/**
 * For routes that receive a large body: a refusal can come before the body is
 * read to its end (signed out, forged, over a rate limit, too large, a refused
 * file). Its answer then closes the connection, so the server stops receiving
 * the rest instead of reading it until the client is done or Node's request
 * timeout. Unknown errors (500s) are left to the route's handler, which logs them once.
 */
export async function closingOnRefusal<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof AppError || error instanceof zodCore.$ZodError
      ? toAppError(error).closingConnection()
      : error;
  }
}
