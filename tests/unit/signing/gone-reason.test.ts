import { describe, expect, it, vi } from 'vitest';
import { goneReason, signingLinkState } from '@/lib/server/signing/link/signing-link-state';

vi.mock('server-only', () => ({}));

const live = { revokedAt: null, revokedReason: null };
const replaced = { revokedAt: new Date(), revokedReason: 'replaced' };
const pending = { status: 'PENDING' as const, expiresAt: null };
const waiting = { status: 'SENT' as const };

describe('why a signing link no longer works', () => {
  it('works while the document is pending, before its deadline, and the link is the current one', () => {
    expect(goneReason(live, waiting, pending)).toBeNull();
    expect(goneReason(live, waiting, { status: 'PENDING', expiresAt: new Date(Date.now() + 60_000) })).toBeNull();
  });

  it("says the document's ending first, then the recipient's own, then a replacement", () => {
    // A signer of a sealed document is told it is complete, not to wait for the others.
    expect(goneReason(replaced, { status: 'SIGNED' }, { status: 'COMPLETED', expiresAt: null })).toBe('completed');
    expect(goneReason(live, { status: 'SIGNED' }, { status: 'COMPLETED', expiresAt: null })).toBe('completed');
    expect(goneReason(live, { status: 'SIGNED' }, pending)).toBe('signed');
    expect(goneReason(replaced, { status: 'SIGNED' }, pending)).toBe('signed');
    expect(goneReason(live, { status: 'SIGNED' }, { status: 'CANCELLED', expiresAt: null })).toBe('cancelled');
    expect(goneReason(live, { status: 'DECLINED' }, { status: 'DECLINED', expiresAt: null })).toBe('declined');
    expect(goneReason(live, waiting, { status: 'DECLINED', expiresAt: null })).toBe('declined');
    expect(goneReason(replaced, waiting, { status: 'CANCELLED', expiresAt: null })).toBe('cancelled');
    expect(goneReason(live, waiting, { status: 'COMPLETED', expiresAt: null })).toBe('completed');
    expect(goneReason(live, waiting, { status: 'SEALING_FAILED', expiresAt: null })).toBe('completed');
    expect(goneReason(live, waiting, { status: 'EXPIRED', expiresAt: null })).toBe('expired');
    expect(goneReason(replaced, waiting, pending)).toBe('replaced');
  });

  it('is expired as soon as the deadline passes, before the expiry job has run', () => {
    expect(goneReason(live, waiting, { status: 'PENDING', expiresAt: new Date(Date.now() - 1) })).toBe('expired');
    expect(goneReason(replaced, waiting, { status: 'PENDING', expiresAt: new Date(Date.now() - 1) })).toBe('expired');
  });
});

describe('the state of a signing link (what the signer page and the API both answer)', () => {
  const facts = (
    link: { revokedAt: Date | null; revokedReason: string | null },
    recipient: { status: 'SENT' | 'OPENED' | 'SIGNED' | 'DECLINED' },
    document: { status: 'PENDING' | 'COMPLETED' | 'DECLINED' | 'CANCELLED' | 'EXPIRED'; expiresAt: Date | null },
  ) => ({ link, recipient, document });

  it('has one state per case: unknown, open, completed, signed, declined, cancelled, expired, replaced', () => {
    expect(signingLinkState(null)).toBe('unknown');
    expect(signingLinkState(facts(live, { status: 'OPENED' }, pending))).toBe('open');
    expect(signingLinkState(facts(live, { status: 'SIGNED' }, { status: 'COMPLETED', expiresAt: null }))).toBe(
      'completed',
    );
    expect(signingLinkState(facts(live, { status: 'SIGNED' }, pending))).toBe('signed');
    expect(signingLinkState(facts(live, waiting, { status: 'DECLINED', expiresAt: null }))).toBe('declined');
    expect(
      signingLinkState(
        facts({ revokedAt: new Date(), revokedReason: 'cancelled' }, waiting, { status: 'CANCELLED', expiresAt: null }),
      ),
    ).toBe('cancelled');
    expect(
      signingLinkState(
        facts({ revokedAt: new Date(), revokedReason: 'expired' }, waiting, { status: 'EXPIRED', expiresAt: null }),
      ),
    ).toBe('expired');
    expect(signingLinkState(facts(replaced, { status: 'OPENED' }, pending))).toBe('replaced');
    // A revoked link without a recorded reason was replaced (the only revocation while the document is pending).
    expect(signingLinkState(facts({ revokedAt: new Date(), revokedReason: null }, waiting, pending))).toBe('replaced');
  });

  it('takes the deadline at the moment asked', () => {
    const deadline = new Date('2026-06-01T12:00:00Z');
    const state = (now: Date) =>
      signingLinkState(facts(live, waiting, { status: 'PENDING', expiresAt: deadline }), now);
    expect(state(new Date('2026-06-01T11:59:59Z'))).toBe('open');
    expect(state(deadline)).toBe('expired');
  });
});
