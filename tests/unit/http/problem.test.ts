import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { AppError, errorCodes, errorStatus } from '@/lib/errors';
import {
  PROBLEM_CONTENT_TYPE,
  problemBody,
  problemResponse,
  toAppError,
  withProblems,
} from '@/lib/server/http/problem';
import { createPinoLogger } from '@/lib/server/logger';

// The 500s below are logged (tests/unit/http/logging.test.ts checks how): into a sink, not the test output.
const holder = globalThis as typeof globalThis & { signetLogger?: unknown };
beforeAll(() => {
  holder.signetLogger = createPinoLogger('error', { write: () => undefined });
});
afterAll(() => {
  delete holder.signetLogger;
});

describe('problem+json mapping', () => {
  it('maps every code to its status and a translated title', async () => {
    for (const code of errorCodes) {
      const body = await problemBody(new AppError(code, 'because'));
      expect(body.status).toBe(errorStatus[code]);
      expect(body.code).toBe(code);
      expect(body.title.length).toBeGreaterThan(5);
    }
  });

  it('says why, and where', async () => {
    const request = new Request('http://localhost/api/documents/x', { headers: { 'accept-language': 'cs' } });
    const body = await problemBody(new AppError('NOT_FOUND', 'No document x.'), request);
    expect(body).toMatchObject({
      type: 'about:blank',
      status: 404,
      code: 'NOT_FOUND',
      title: 'Požadovaný zdroj nebyl nalezen.',
      detail: 'No document x.',
      instance: '/api/documents/x',
    });
  });

  it('turns zod failures into 400 with field errors', async () => {
    const parsed = z.object({ email: z.email() }).safeParse({ email: 'nope' });
    const body = await problemBody(parsed.error);
    expect(body.status).toBe(400);
    expect(body.code).toBe('INVALID_INPUT');
    expect(body.errors?.[0]?.path).toBe('email');
  });

  it('sends Retry-After when the error says when to try again (a busy server)', async () => {
    const busy = await problemResponse(new AppError('SERVICE_UNAVAILABLE', 'Busy.', { retryAfterSeconds: 9.2 }));
    expect(busy.status).toBe(503);
    expect(busy.headers.get('content-type')).toBe(PROBLEM_CONTENT_TYPE);
    expect(busy.headers.get('retry-after')).toBe('10');
    expect((await problemResponse(new AppError('NOT_FOUND', 'x'))).headers.get('retry-after')).toBeNull();
  });

  it('keeps extensions such as a link to pricing', async () => {
    const body = await problemBody(
      new AppError('QUOTA_EXCEEDED', 'Free plan: 5 documents a month.', { extensions: { pricing: '/#Pricing' } }),
    );
    expect(body.pricing).toBe('/#Pricing');
    expect(body.status).toBe(429);
  });

  it('leaks nothing of an unexpected error', async () => {
    const response = await problemResponse(new Error('password=hunter2 at db.internal:5432'));
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe(PROBLEM_CONTENT_TYPE);
    const text = await response.text();
    expect(text).not.toContain('hunter2');
    expect(JSON.parse(text)).toMatchObject({ status: 500, code: 'INTERNAL' });
    expect(JSON.parse(text).detail).toBeUndefined();
  });

  it('wraps handlers so thrown errors become problems', async () => {
    const handler = withProblems(async () => {
      throw new AppError('FORBIDDEN', 'Not your document.');
    });
    const response = await handler(new Request('http://localhost/api/x'), {});
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'FORBIDDEN', detail: 'Not your document.' });
  });

  it('answers malformed JSON bodies with 400', async () => {
    const handler = withProblems(async (request: Request) => Response.json(await request.json()));
    const response = await handler(new Request('http://localhost/api/x', { method: 'POST', body: '{oops' }), {});
    expect(response.status).toBe(400);
  });
});

describe('toAppError', () => {
  it('turns a failed schema into INVALID_INPUT naming each field, from zod and from zod/mini alike', () => {
    const classic = z.object({ email: z.email('invalidEmail') }).safeParse({ email: 'x' }).error;
    const mini = zm.object({ email: zm.email('invalidEmail') }).safeParse({ email: 'x' }).error;
    for (const error of [classic, mini]) {
      expect(toAppError(error)).toMatchObject({
        code: 'INVALID_INPUT',
        fieldErrors: [{ path: 'email', message: 'invalidEmail' }],
      });
    }
  });
});
