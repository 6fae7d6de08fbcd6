import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/env';
import { comparableName, namesMatch, verifiedNameOf } from '@/lib/server/signing/auth/eid/verified-name';

describe('comparing the eID’s verified name with the recipient’s', () => {
  it('ignores case, accents, spacing and punctuation', () => {
    expect(namesMatch('JOSÉ  da Silva', 'Jose da Silva')).toBe(true);
    expect(namesMatch('Zdeněk Šťastný', 'zdenek stastny')).toBe(true);
    expect(namesMatch('Núñez-García, María', 'Nunez Garcia Maria')).toBe(true);
    expect(namesMatch('Łukasz Straße', 'lukasz strasse')).toBe(true);
    expect(comparableName('  Ána\tMaria ')).toBe('ana maria');
  });

  it('ignores the order of given and family names (eIDs often put the family name first)', () => {
    expect(namesMatch('Ana Maria', 'Maria Ana')).toBe(true);
    expect(namesMatch('SILVA, José da', 'José da Silva')).toBe(true);
    expect(namesMatch('Novák Jan', 'Jan Novák')).toBe(true);
  });

  it('tells different names apart, and a missing name never matches', () => {
    expect(namesMatch('Olga Nováková', 'Olga Novák')).toBe(false);
    expect(namesMatch('Ana Maria', 'Ana Ana')).toBe(false);
    expect(namesMatch('Ana Maria Silva', 'Ana Silva')).toBe(false);
    expect(namesMatch(null, 'Ana')).toBe(false);
    expect(namesMatch('---', '...')).toBe(false);
  });

  it('takes `name`, else given and family names, else none', () => {
    expect(verifiedNameOf({ name: ' Ana Lima ', given_name: 'X' })).toBe('Ana Lima');
    expect(verifiedNameOf({ given_name: 'Ana', family_name: 'Lima' })).toBe('Ana Lima');
    expect(verifiedNameOf({ family_name: 'Lima' })).toBe('Lima');
    expect(verifiedNameOf({ name: 42 })).toBeNull();
  });
});

describe('SIGNER_OIDC_* settings', () => {
  it('accept an https issuer with a client id, or plain http on localhost', () => {
    const env = parseEnv({
      SIGNER_OIDC_ISSUER: 'https://eid.example.com',
      SIGNER_OIDC_CLIENT_ID: 'signet',
      SIGNER_OIDC_CLIENT_SECRET: 's',
    });
    expect(env.SIGNER_OIDC_ISSUER).toBe('https://eid.example.com');
    expect(
      parseEnv({ SIGNER_OIDC_ISSUER: 'http://localhost:3001', SIGNER_OIDC_CLIENT_ID: 'x' }).SIGNER_OIDC_CLIENT_ID,
    ).toBe('x');
    expect(parseEnv({}).SIGNER_OIDC_ISSUER).toBeUndefined();
  });

  it.each([
    [{ SIGNER_OIDC_ISSUER: 'http://eid.example.com', SIGNER_OIDC_CLIENT_ID: 'x' }, /SIGNER_OIDC_ISSUER.*https/],
    [{ SIGNER_OIDC_ISSUER: 'https://eid.example.com' }, /SIGNER_OIDC_CLIENT_ID.*required when SIGNER_OIDC_ISSUER/],
    [{ SIGNER_OIDC_CLIENT_ID: 'x' }, /SIGNER_OIDC_ISSUER.*required when SIGNER_OIDC_CLIENT_ID/],
  ])('refuse %j', (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
  });
});

describe('EID_NAME_MISMATCH', () => {
  it('is review by default, or refuse; anything else is refused at start', () => {
    expect(parseEnv({}).EID_NAME_MISMATCH).toBe('review');
    expect(parseEnv({ EID_NAME_MISMATCH: 'refuse' }).EID_NAME_MISMATCH).toBe('refuse');
    expect(parseEnv({ EID_NAME_MISMATCH: '' }).EID_NAME_MISMATCH).toBe('review');
    expect(() => parseEnv({ EID_NAME_MISMATCH: 'ignore' })).toThrow(/EID_NAME_MISMATCH.*review or refuse/);
  });
});
