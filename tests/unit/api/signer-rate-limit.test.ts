import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signerWorld } from './signer-helpers';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

// Before the app's environment loads (signerWorld's hooks run after this one): a small per-link budget.
beforeAll(() => {
  vi.stubEnv('RATE_LIMITS', 'signer=4/60');
});

const { sent, consent, putField, complete, fieldValue } = signerWorld();

describe('rate limits on the signer change endpoints', () => {
  it('answers 429 with Retry-After past the per-link budget, stores nothing, and leaves other links alone', async () => {
    const { people, fieldIds, tokens } = await sent(
      [
        { email: 'ana@example.com', name: 'Ana' },
        { email: 'bo@example.com', name: 'Bo' },
      ],
      [
        { to: 0, type: 'signature' },
        { to: 0, type: 'text' },
        { to: 1, type: 'signature' },
        { to: 1, type: 'text' },
      ],
      { signingOrder: 'parallel' },
    );
    await consent(people[0]!.id);
    await consent(people[1]!.id);
    const token = tokens['ana@example.com']!;
    for (let call = 1; call <= 4; call++)
      expect((await putField(token, fieldIds[1]!, { value: `v${call}` })).status).toBe(200);
    const limited = await putField(token, fieldIds[1]!, { value: 'v5' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await fieldValue(fieldIds[1]!)).toBe('v4');
    expect((await complete(token)).status).toBe(429);
    expect((await putField(tokens['bo@example.com']!, fieldIds[3]!, { value: 'fine' })).status).toBe(200);
  });
});
