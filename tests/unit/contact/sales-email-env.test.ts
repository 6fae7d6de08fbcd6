import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '@/lib/env';

describe('SALES_EMAIL', () => {
  it('defaults to a local inbox and accepts an address', () => {
    expect(parseEnv({}).SALES_EMAIL).toBe('sales@signet.localhost');
    expect(parseEnv({ SALES_EMAIL: 'deals@example.com' }).SALES_EMAIL).toBe('deals@example.com');
  });

  it('names the variable when the value is not an address', () => {
    expect(() => parseEnv({ SALES_EMAIL: 'sales team' })).toThrow(EnvError);
    expect(() => parseEnv({ SALES_EMAIL: 'sales team' })).toThrow(/SALES_EMAIL: expected an email address/);
  });
});
