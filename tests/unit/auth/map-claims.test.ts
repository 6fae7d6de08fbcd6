import { describe, expect, it } from 'vitest';
import { avatarLetter, mapClaims, nextDisplayName } from '@/lib/auth/map-claims';

describe('mapClaims', () => {
  it('takes email, given and family name; name is the given name', () => {
    expect(
      mapClaims({
        sub: '1',
        email: 'Alice@Example.com',
        email_verified: true,
        given_name: 'Alice',
        family_name: 'Adams',
        name: 'Alice Adams',
      }),
    ).toEqual({
      email: 'alice@example.com',
      emailVerified: true,
      name: 'Alice',
      givenName: 'Alice',
      familyName: 'Adams',
    });
  });

  it('splits a full name when given and family names are missing', () => {
    expect(mapClaims({ email: 'j@x.io', name: '  Jan  van der Berg ' })).toEqual({
      email: 'j@x.io',
      emailVerified: false,
      name: 'Jan',
      givenName: 'Jan',
      familyName: 'van der Berg',
    });
  });

  it('never takes preferred_username or upn as the address: nobody verified them', () => {
    expect(mapClaims({ preferred_username: 'bob@corp.example' })).toBeNull();
    expect(mapClaims({ upn: 'bob@corp.example', email_verified: true })).toBeNull();
    expect(mapClaims({ email: 'real@corp.example', preferred_username: 'bob@corp.example' })?.email).toBe(
      'real@corp.example',
    );
  });

  it.each([
    [true, true],
    ['true', true],
    [false, false],
    ['false', false],
    [undefined, false],
    [1, false],
  ])('reads email_verified %j as %s', (claim, verified) => {
    expect(mapClaims({ email: 'a@b.c', email_verified: claim })?.emailVerified).toBe(verified);
  });

  it('leaves names empty when the provider sends none', () => {
    expect(mapClaims({ email: 'x@y.z' })).toEqual({
      email: 'x@y.z',
      emailVerified: false,
      name: null,
      givenName: null,
      familyName: null,
    });
  });

  it.each([{}, { email: '' }, { email: 'not-an-address' }, { email: 42 }, { preferred_username: 'bob' }])(
    'refuses claims without a usable address: %j',
    (claims) => {
      expect(mapClaims(claims)).toBeNull();
    },
  );

  it('ignores non-string names', () => {
    expect(mapClaims({ email: 'a@b.c', given_name: { evil: true }, family_name: 7 })?.givenName).toBeNull();
  });
});

describe('avatarLetter', () => {
  it.each([
    ['Ada', 'A'],
    ['  émile', 'É'],
    ['čeněk', 'Č'],
    ['', 'U'],
    [null, 'U'],
    [undefined, 'U'],
  ])('%j → %s', (name, letter) => {
    expect(avatarLetter(name)).toBe(letter);
  });
});

describe('nextDisplayName', () => {
  const claims = { email: 'a@b.c', emailVerified: true, name: 'Alice', givenName: 'Alice', familyName: 'Adams' };
  it.each([
    ['empty', { name: null, givenName: null, familyName: null }, 'Alice'],
    ['the old given name', { name: 'Alicia', givenName: 'Alicia', familyName: 'Adams' }, 'Alice'],
    ['the old full name', { name: 'Alice Adams', givenName: 'Alice', familyName: 'Adams' }, 'Alice'],
    ['a name chosen in Settings', { name: 'Zoe', givenName: 'Alice', familyName: 'Adams' }, 'Zoe'],
  ])('with a stored name that is %s', (_label, existing, expected) => {
    expect(nextDisplayName(existing, claims)).toBe(expected);
  });

  it('keeps the stored name when the provider sends no given name', () => {
    expect(
      nextDisplayName({ name: 'Ada', givenName: 'Ada', familyName: null }, { ...claims, name: null, givenName: null }),
    ).toBe('Ada');
  });
});
