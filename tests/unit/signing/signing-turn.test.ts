import { describe, expect, it, vi } from 'vitest';
import { hasFinished, turnRecipients } from '@/lib/server/signing/actions/signing-turn';

vi.mock('server-only', () => ({}));

type R = {
  id: string;
  role: 'SIGNER' | 'APPROVER' | 'VIEWER' | 'CC';
  status: 'NOT_SENT' | 'SENT' | 'OPENED' | 'SIGNED' | 'DECLINED';
  order: number;
};
const r = (id: string, order: number, role: R['role'] = 'SIGNER', status: R['status'] = 'NOT_SENT'): R => ({
  id,
  role,
  status,
  order,
});
const ids = (list: R[]) => list.map((recipient) => recipient.id);

describe('whose turn it is', () => {
  it('sequential: the lowest unfinished order group, equal orders together, cc never', () => {
    const list = [r('cc', 1, 'CC'), r('a', 1), r('b', 1, 'APPROVER'), r('c', 2), r('v', 3, 'VIEWER')];
    expect(ids(turnRecipients('SEQUENTIAL', list))).toEqual(['a', 'b']);
    list[1] = r('a', 1, 'SIGNER', 'SIGNED');
    expect(ids(turnRecipients('SEQUENTIAL', list))).toEqual(['b']);
    list[2] = r('b', 1, 'APPROVER', 'SIGNED');
    expect(ids(turnRecipients('SEQUENTIAL', list))).toEqual(['c']);
    list[3] = r('c', 2, 'SIGNER', 'SIGNED');
    expect(ids(turnRecipients('SEQUENTIAL', list))).toEqual(['v']);
    list[4] = r('v', 3, 'VIEWER', 'OPENED');
    expect(turnRecipients('SEQUENTIAL', list)).toEqual([]);
  });

  it('parallel: everyone unfinished but cc', () => {
    expect(
      ids(turnRecipients('PARALLEL', [r('a', 1), r('b', 2, 'SIGNER', 'SIGNED'), r('c', 3, 'VIEWER'), r('d', 4, 'CC')])),
    ).toEqual(['a', 'c']);
  });

  it('a viewer finishes by opening; a signer only by signing', () => {
    expect(hasFinished(r('v', 1, 'VIEWER', 'OPENED'))).toBe(true);
    expect(hasFinished(r('s', 1, 'SIGNER', 'OPENED'))).toBe(false);
    expect(hasFinished(r('s', 1, 'SIGNER', 'DECLINED'))).toBe(false);
  });
});
