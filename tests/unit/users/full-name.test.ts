import { describe, expect, it } from 'vitest';
import { mapClaims, nextDisplayName } from '@/lib/auth/map-claims';
import { ownerPerson } from '@/lib/server/signing/notices/mail-recipient';
import { fullName } from '@/lib/users/full-name';

const alice = { name: 'Alice', givenName: 'Alice', familyName: 'Adams', email: 'alice@example.com' };

describe('how a person is named to others', () => {
  it('is the full name, given and family, where the display name is only the given name', () => {
    expect(fullName(alice)).toBe('Alice Adams');
    expect(fullName({ ...alice, name: null })).toBe('Alice Adams');
    expect(fullName({ name: 'Jan', givenName: 'Jan', familyName: 'van der Berg' })).toBe('Jan van der Berg');
  });

  it('is the full name when the provider sends only a `name` claim', () => {
    const claims = mapClaims({ email: 'ana@example.com', name: 'Ana Maria Silva' })!;
    const stored = {
      name: nextDisplayName({ name: null, givenName: null, familyName: null }, claims),
      givenName: claims.givenName,
      familyName: claims.familyName,
    };
    expect(stored.name).toBe('Ana');
    expect(fullName(stored)).toBe('Ana Maria Silva');
  });

  it('keeps a name chosen in Settings, and has none when nothing is known', () => {
    expect(fullName({ ...alice, name: 'Dr. A. Adams' })).toBe('Dr. A. Adams');
    expect(fullName({ name: 'Zoe', givenName: null, familyName: null })).toBe('Zoe');
    expect(fullName({ name: null, givenName: null, familyName: null })).toBeNull();
    expect(fullName({ name: ' ', givenName: '', familyName: null })).toBeNull();
  });

  it('names the owner in mails and to signers by the full name, else by the address', () => {
    expect(ownerPerson(alice)).toEqual({ name: 'Alice Adams', address: 'alice@example.com' });
    expect(ownerPerson({ name: null, givenName: null, familyName: null, email: 'x@example.com' })).toEqual({
      name: 'x@example.com',
      address: 'x@example.com',
    });
  });
});
