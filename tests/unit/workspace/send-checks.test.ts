import { describe, expect, it } from 'vitest';
import type { TDraftField, TDraftRecipient } from '@/lib/workspace/draft-types';
import { checkBeforeSend, serverOrder, serverSendIssues } from '@/lib/workspace/send-checks';

const pages = [{ width: 612, height: 792 }];
const person = (key: string, extra: Partial<TDraftRecipient> = {}): TDraftRecipient => ({
  key,
  name: key,
  email: `${key}@example.com`,
  role: 'signer',
  auth: 'none',
  ...extra,
});
const field = (key: string, recipientKey: string, extra: Partial<TDraftField> = {}): TDraftField => ({
  key,
  type: 'signature',
  page: 1,
  x: 10,
  y: 10,
  width: 180,
  height: 50,
  required: true,
  recipientKey,
  ...extra,
});
const codes = (issues: ReturnType<typeof checkBeforeSend>) =>
  issues.map((issue) => [issue.code, issue.fieldKey ?? issue.recipientKey ?? null]);

describe('the checks before sending', () => {
  it('passes a valid document', () => {
    expect(checkBeforeSend([person('a'), person('b', { role: 'cc' })], [field('f', 'a')], pages)).toEqual([]);
  });

  it('wants at least one signer', () => {
    expect(codes(checkBeforeSend([person('a', { role: 'viewer' })], [], pages))).toEqual([['noSigner', null]]);
    expect(codes(checkBeforeSend([], [], pages))).toEqual([['noSigner', null]]);
  });

  it('names each signer without a signature field', () => {
    const issues = checkBeforeSend(
      [person('a'), person('b')],
      [field('f', 'a'), field('g', 'b', { type: 'initials', width: 60, height: 40 })],
      pages,
    );
    expect(codes(issues)).toEqual([['noSignatureField', 'b']]);
  });

  it('names invalid and repeated emails (case does not make them distinct)', () => {
    const issues = checkBeforeSend(
      [person('a'), person('b', { email: 'A@Example.com' }), person('c', { email: 'nope' })],
      [field('f', 'a'), field('g', 'b'), field('h', 'c')],
      pages,
    );
    expect(codes(issues)).toEqual([
      ['duplicateEmail', 'b'],
      ['invalidRecipient', 'c'],
    ]);
  });

  it('names fields outside their page, without a recipient, or invalid for their type', () => {
    const issues = checkBeforeSend(
      [person('a')],
      [
        field('f', 'a'),
        field('g', 'a', { x: 500 }),
        field('h', 'gone'),
        field('i', 'a', { type: 'dropdown', options: [], width: 150, height: 24 }),
        field('j', 'a', { page: 2 }),
      ],
      pages,
    );
    expect(codes(issues)).toEqual([
      ['outsidePage', 'g'],
      ['noRecipient', 'h'],
      ['invalidField', 'i'],
      ['outsidePage', 'j'],
    ]);
  });

  it('names fields given to a viewer or someone who only gets a copy', () => {
    const issues = checkBeforeSend(
      [person('a'), person('v', { role: 'viewer' })],
      [field('f', 'a'), field('g', 'v', { type: 'text', width: 150, height: 24 })],
      pages,
    );
    expect(codes(issues)).toEqual([['fillsNoFields', 'g']]);
  });

  it('enforces the limits', () => {
    const many = Array.from({ length: 51 }, (_, index) => person(`p${index}`, { role: 'cc' }));
    expect(codes(checkBeforeSend([...many, person('s')], [field('f', 's')], pages))[0]).toEqual([
      'tooManyRecipients',
      null,
    ]);
    const fields = Array.from({ length: 501 }, (_, index) => field(`f${index}`, 's', { width: 1, height: 1 }));
    expect(codes(checkBeforeSend([person('s')], fields, pages))).toEqual([['tooManyFields', null]]);
  });
});

describe('a refused send', () => {
  // The server lists fields by page and position, the workspace by when they were placed: ids tie the two together.
  const document = {
    recipients: [{ id: 'ra' }, { id: 'rb' }],
    fields: [{ id: 'f2' }, { id: 'f1' }, { id: 'unknown' }],
  };
  const ids = {
    recipients: new Map([
      ['a', 'ra'],
      ['b', 'rb'],
    ]),
    fields: new Map([
      ['new-1', 'f1'],
      ['new-2', 'f2'],
    ]),
  };

  it('maps the server order back to the draft keys by id', () => {
    expect(serverOrder(document, ids)).toEqual({ recipientKeys: ['a', 'b'], fieldKeys: ['new-2', 'new-1', undefined] });
  });

  it('puts each error on the recipient or field its path names, the rest on the document', () => {
    const issues = serverSendIssues(
      [
        { path: 'recipients.1.fields', message: 'B has no signature field.' },
        { path: 'fields.0.x', message: 'Past the edge.' },
        { path: 'fields[1]', message: 'For a viewer.' },
        { path: 'recipients[0].email', message: 'Not an address.' },
        { path: 'fields.2.recipientId', message: 'Someone else’s.' },
        { path: 'recipients.9', message: 'x' },
        { path: 'expiresAt', message: 'Passed.' },
      ],
      serverOrder(document, ids),
    );
    expect(issues).toEqual([
      { code: 'server', detail: 'B has no signature field.', recipientKey: 'b' },
      { code: 'server', detail: 'Past the edge.', fieldKey: 'new-2' },
      { code: 'server', detail: 'For a viewer.', fieldKey: 'new-1' },
      { code: 'server', detail: 'Not an address.', recipientKey: 'a' },
      { code: 'server', detail: 'Someone else’s.' },
      { code: 'server', detail: 'x' },
      { code: 'server', detail: 'Passed.' },
    ]);
  });
});

describe('sending settings', async () => {
  const { settingsBody, settingsFromDetails } = await import('@/lib/workspace/settings-form');
  const base = { signingOrder: 'sequential', message: '', expiresOn: '', reminderDays: '', locale: '' } as const;

  it('turns the form into the PATCH body, empty meaning none', () => {
    expect(settingsBody(base)).toEqual({
      body: { signingOrder: 'sequential', message: null, expiresAt: null, reminderDays: null, locale: null },
    });
    const result = settingsBody({ ...base, message: 'Hi', expiresOn: '2999-01-31', reminderDays: '3', locale: 'cs' });
    expect(result).toMatchObject({ body: { message: 'Hi', reminderDays: 3, locale: 'cs' } });
    const expires = 'body' in result ? new Date(result.body.expiresAt ?? '') : null;
    expect([expires?.getFullYear(), expires?.getMonth(), expires?.getDate(), expires?.getHours()]).toEqual([
      2999, 0, 31, 23,
    ]);
  });

  it('names what is wrong with the same rules as the server', () => {
    expect(settingsBody({ ...base, reminderDays: '0' })).toEqual({
      errors: [expect.objectContaining({ path: 'reminderDays' })],
    });
    expect(settingsBody({ ...base, reminderDays: '2.5' })).toEqual({
      errors: [expect.objectContaining({ path: 'reminderDays' })],
    });
    expect(settingsBody({ ...base, expiresOn: '2001-01-01' })).toEqual({
      errors: [{ path: 'expiresAt', message: 'Must be in the future.' }],
    });
  });

  it('reads the stored settings back', () => {
    expect(
      settingsFromDetails({ signingOrder: 'parallel', message: null, expiresAt: null, reminderDays: 7, locale: 'pt' }),
    ).toEqual({
      signingOrder: 'parallel',
      message: '',
      expiresOn: '',
      reminderDays: '7',
      locale: 'pt',
    });
  });
});
