import { describe, expect, it, vi } from 'vitest';
import { goneReason } from '@/lib/server/signing/resolve-signing-token';

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

  it("says the recipient's own ending first, then the document's, then a replacement", () => {
    expect(goneReason(replaced, { status: 'SIGNED' }, { status: 'COMPLETED', expiresAt: null })).toBe('signed');
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
  });
});
