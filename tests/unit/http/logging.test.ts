import { afterEach, describe, expect, it } from 'vitest';
import { withProblems } from '@/lib/server/http/problem';
import { createPinoLogger, logger } from '@/lib/server/logger';

const holder = globalThis as typeof globalThis & { signetLogger?: unknown };

/** Routes the app's logger into an array of parsed JSON lines. */
function captureLogs(level = 'debug'): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  holder.signetLogger = createPinoLogger(level, {
    write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  return lines;
}

afterEach(() => {
  delete holder.signetLogger;
});

describe('a 500', () => {
  it('is logged once, with the cause and a request id that the problem+json body carries too', async () => {
    const lines = captureLogs();
    const handler = withProblems(async () => {
      throw new Error('connection to db.internal:5432 refused');
    });
    const response = await handler(new Request('http://localhost/api/v1/documents/abc', { method: 'DELETE' }), {});
    expect(response.status).toBe(500);
    const body = (await response.json()) as { code: string; requestId?: string; detail?: string };
    expect(body.code).toBe('INTERNAL');
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(body)).not.toContain('db.internal');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'error',
      msg: 'unhandled error',
      requestId: body.requestId,
      method: 'DELETE',
      path: '/api/v1/documents/abc',
    });
    expect((lines[0]!.error as { message: string }).message).toContain('db.internal:5432');
  });

  it('is not what a 4xx is: no request id, nothing logged', async () => {
    const lines = captureLogs();
    const handler = withProblems(async () => {
      throw new SyntaxError('bad json');
    });
    const body = (await (await handler(new Request('http://localhost/api/x'), {})).json()) as { requestId?: string };
    expect(body.requestId).toBeUndefined();
    expect(lines).toHaveLength(0);
  });
});

describe('the logger', () => {
  it('writes structured JSON and redacts cookies, authorization, tokens and keys at any depth', () => {
    const lines = captureLogs();
    logger.warn('sign-in error', {
      headers: {
        cookie: 'authjs.session-token=SESSION-SECRET',
        authorization: 'Bearer AUTH-SECRET',
        'user-agent': 'Firefox',
      },
      request: { headers: { 'set-cookie': 'a=COOKIE-SECRET' } },
      token: { accessToken: 'ACCESS-SECRET', refresh_token: 'REFRESH-SECRET' },
      apiKey: 'KEY-SECRET',
      clientSecret: 'CLIENT-SECRET',
      user: 'user-1',
    });
    const text = JSON.stringify(lines);
    for (const secret of ['SESSION', 'AUTH', 'COOKIE', 'ACCESS', 'REFRESH', 'KEY', 'CLIENT'])
      expect(text).not.toContain(`${secret}-SECRET`);
    expect(lines[0]).toMatchObject({
      level: 'warn',
      msg: 'sign-in error',
      headers: { cookie: '[redacted]', authorization: '[redacted]', 'user-agent': 'Firefox' },
      user: 'user-1',
    });
    expect(typeof lines[0]!.time).toBe('string');
  });

  it('respects its level', () => {
    const lines = captureLogs('warn');
    logger.info('not shown');
    logger.debug('not shown');
    logger.error('shown', { error: new Error('boom') });
    expect(lines.map((line) => line.msg)).toEqual(['shown']);
    expect(lines[0]!.error).toMatchObject({ type: 'Error', message: 'boom' });
  });
});
