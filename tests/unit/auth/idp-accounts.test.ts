import { describe, expect, it } from 'vitest';
import {
  accountBySub,
  checkCredentials,
  claimsOf,
  DEMO_PASSWORD,
  THROWAWAY_DOMAIN,
} from '../../../scripts/idp/accounts';

describe('local provider accounts', () => {
  it('signs in a demo account with the demo password only', () => {
    expect(checkCredentials('Alice@Signet.localhost ', DEMO_PASSWORD)?.sub).toBe('demo-alice');
    expect(checkCredentials('alice@signet.localhost', 'wrong')).toBeUndefined();
    expect(checkCredentials('nobody@signet.localhost', DEMO_PASSWORD)).toBeUndefined();
  });

  it('refuses throwaway addresses unless the test hooks are on', () => {
    expect(checkCredentials(`quota-1@${THROWAWAY_DOMAIN}`, DEMO_PASSWORD)).toBeUndefined();
    const account = checkCredentials(`quota-1@${THROWAWAY_DOMAIN}`, DEMO_PASSWORD, { throwaway: true });
    expect(account).toMatchObject({ sub: 'test-quota-1', email: `quota-1@${THROWAWAY_DOMAIN}` });
    expect(accountBySub('test-quota-1')?.email).toBe(`quota-1@${THROWAWAY_DOMAIN}`);
    expect(checkCredentials(`quota-1@${THROWAWAY_DOMAIN}`, 'wrong', { throwaway: true })).toBeUndefined();
  });

  it('offers second accounts claiming a throwaway address, unverified or verified, with the test hooks only', () => {
    expect(checkCredentials(`ann@unverified.${THROWAWAY_DOMAIN}`, DEMO_PASSWORD)).toBeUndefined();
    const unverified = checkCredentials(`ann@unverified.${THROWAWAY_DOMAIN}`, DEMO_PASSWORD, { throwaway: true });
    expect(unverified).toMatchObject({ sub: 'unverified-ann', email: `ann@${THROWAWAY_DOMAIN}`, emailVerified: false });
    expect(claimsOf(accountBySub('unverified-ann')!)).toMatchObject({
      sub: 'unverified-ann',
      email: `ann@${THROWAWAY_DOMAIN}`,
      email_verified: false,
    });
    const second = checkCredentials(`ann@second.${THROWAWAY_DOMAIN}`, DEMO_PASSWORD, { throwaway: true });
    expect(claimsOf(second!)).toMatchObject({
      sub: 'second-ann',
      email: `ann@${THROWAWAY_DOMAIN}`,
      email_verified: true,
    });
    expect(claimsOf(accountBySub('test-ann')!).email_verified).toBe(true);
    expect(checkCredentials(`ann@other.${THROWAWAY_DOMAIN}`, DEMO_PASSWORD, { throwaway: true })).toBeUndefined();
  });

  it('rejects throwaway local parts that are not plain', () => {
    expect(checkCredentials(`../x@${THROWAWAY_DOMAIN}`, DEMO_PASSWORD, { throwaway: true })).toBeUndefined();
    expect(accountBySub('test-')).toBeUndefined();
    expect(accountBySub('demo-nobody')).toBeUndefined();
  });
});
