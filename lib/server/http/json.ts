import 'server-only';
import type { z } from 'zod';
import { readJsonBody } from './read-json-body';

/** A JSON answer that no cache keeps (every v1 answer is someone's data). */
export function json(data: unknown, status = 200): Response {
  return Response.json(data, { status, headers: { 'cache-control': 'no-store' } });
}

/** The JSON body checked against its schema (400 with errors[] naming each bad path). */
export async function parseBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes = 256 * 1024,
): Promise<z.output<S>> {
  return schema.parse(await readJsonBody(request, maxBytes));
}
