import { NextIntlClientProvider } from 'next-intl';
import { type ComponentProps, createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DoneView } from '@/components/signing/done-view';
import { doneNotes, isOwnSigning } from '@/lib/signing/done-notes';
import messages from '@/messages/en.json';

// The page's own messages; children are given to createElement below.
const intl: ComponentProps<typeof NextIntlClientProvider> = { locale: 'en', timeZone: 'UTC', messages, children: null };
const render = (props: Parameters<typeof DoneView>[0]) =>
  renderToStaticMarkup(createElement(NextIntlClientProvider, intl, createElement(DoneView, props)));

describe("the signer's done page", () => {
  it('tells another signer that the sender is told and the sealed copy follows', () => {
    const html = render({ kind: 'signed', documentName: 'NDA.pdf', sender: 'Alice Adams', everyoneSigned: true });
    expect(html).toContain('Alice Adams is told that you have signed.');
    expect(html).toContain('You were the last to sign');
  });

  it('"Only me": the owner is not told about themselves as if someone else, nor about others', () => {
    const html = render({
      kind: 'signed',
      documentName: 'NDA.pdf',
      sender: 'Alice Adams',
      everyoneSigned: true,
      selfSigned: true,
    });
    expect(html).not.toContain('Alice Adams');
    expect(html).not.toContain('everyone else');
    expect(html).toContain('The document is being sealed now');
    const declined = render({ kind: 'declined', documentName: 'NDA.pdf', sender: 'Alice Adams', selfSigned: true });
    expect(declined).not.toContain('Alice Adams');
    expect(declined).toContain('NDA.pdf');
  });

  it('lists the notes by who signs', () => {
    expect(doneNotes({ selfSigned: false, everyoneSigned: false, reviewPending: false })).toEqual([
      'nextSender',
      'nextOthers',
      'whenEveryone',
    ]);
    expect(doneNotes({ selfSigned: false, everyoneSigned: true, reviewPending: true })).toEqual([
      'nextSender',
      'reviewPending',
    ]);
    expect(doneNotes({ selfSigned: true, everyoneSigned: true, reviewPending: true })).toEqual(['reviewPendingSelf']);
  });

  it("knows the owner's own signing by the addresses, without case", () => {
    expect(isOwnSigning({ recipient: { email: 'Alice@Example.com' }, sender: { email: 'alice@example.com' } })).toBe(
      true,
    );
    expect(isOwnSigning({ recipient: { email: 'bob@example.com' }, sender: { email: 'alice@example.com' } })).toBe(
      false,
    );
  });
});
