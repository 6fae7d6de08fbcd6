import { describe, expect, it } from 'vitest';
import type { TDraftField, TDraftRecipient } from '@/lib/workspace/draft-types';
import { recipientsReducer } from '@/lib/workspace/recipients-reducer';
import { errorsByKey, fieldsBody, recipientsBody } from '@/lib/workspace/save-payloads';

const person = (key: string, extra: Partial<TDraftRecipient> = {}): TDraftRecipient => ({
  key,
  name: key.toUpperCase(),
  email: `${key}@example.com`,
  role: 'signer',
  auth: 'none',
  ...extra,
});

describe('the recipients reducer', () => {
  it('adds, edits, removes and reorders', () => {
    let state = [person('a'), person('b'), person('c')];
    state = recipientsReducer(state, { type: 'move', from: 0, to: 2 });
    expect(state.map((recipient) => recipient.key)).toEqual(['b', 'c', 'a']);
    state = recipientsReducer(state, { type: 'move', from: 2, to: 3 });
    expect(state.map((recipient) => recipient.key)).toEqual(['b', 'c', 'a']);
    state = recipientsReducer(state, { type: 'update', key: 'c', patch: { role: 'cc' } });
    expect(state[1]?.role).toBe('cc');
    state = recipientsReducer(state, { type: 'remove', key: 'b' });
    state = recipientsReducer(state, { type: 'add', recipient: person('d') });
    expect(state.map((recipient) => recipient.key)).toEqual(['c', 'a', 'd']);
  });

  it('records server ids and replaces everyone with the owner for "Only me"', () => {
    let state = recipientsReducer([person('a'), person('b')], { type: 'saved', ids: { a: 'id-a' } });
    expect(state[0]?.id).toBe('id-a');
    const same = recipientsReducer(state, { type: 'saved', ids: { a: 'id-a' } });
    expect(same).toBe(state);
    state = recipientsReducer(state, { type: 'replaceAll', recipient: person('me') });
    expect(state.map((recipient) => recipient.key)).toEqual(['me']);
  });
});

describe('save payloads', () => {
  it('numbers recipients by position and keeps known ids', () => {
    expect(recipientsBody([person('a', { id: 'x' }), person('b')]).recipients).toEqual([
      { id: 'x', name: 'A', email: 'a@example.com', role: 'signer', auth: 'none', order: 1 },
      { name: 'B', email: 'b@example.com', role: 'signer', auth: 'none', order: 2 },
    ]);
  });

  it('waits for a recipient without a server id, then maps keys to ids', () => {
    const field: TDraftField = {
      key: 'f1',
      type: 'text',
      page: 1,
      x: 1,
      y: 2,
      width: 150,
      height: 24,
      required: false,
      recipientKey: 'a',
      label: '',
      placeholder: 'Your city',
    };
    expect(
      fieldsBody(
        [field],
        () => undefined,
        () => undefined,
      ),
    ).toBeNull();
    const result = fieldsBody(
      [field],
      (key) => (key === 'f1' ? 'srv-1' : undefined),
      () => 'rid-a',
    );
    expect(result).toEqual({
      keys: ['f1'],
      body: {
        fields: [
          {
            id: 'srv-1',
            type: 'text',
            page: 1,
            x: 1,
            y: 2,
            width: 150,
            height: 24,
            required: false,
            placeholder: 'Your city',
            recipientId: 'rid-a',
          },
        ],
      },
    });
  });

  it("puts a 400's errors on the fields they name", () => {
    const errors = errorsByKey(
      [
        { path: 'fields.1.recipientId', message: 'No recipient.' },
        { path: 'fields.1.x', message: 'Past the edge.' },
        { path: 'fields', message: 'Too many.' },
      ],
      ['f0', 'f1'],
      'fields',
    );
    expect(errors.get('f1')).toEqual(['No recipient.', 'Past the edge.']);
    expect(errors.get('')).toEqual(['Too many.']);
    expect(errors.has('f0')).toBe(false);
  });
});
