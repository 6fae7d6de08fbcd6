import { describe, expect, it, vi } from 'vitest';
import { clipName, NAME_CLIP } from '@/lib/clip-name';

vi.stubEnv('LOG_LEVEL', 'error');

// A real upload's name: no space for a mail client (or a layout) to break at.
const longName = 'ACME_MSA_v12_final_FINAL_signed.pdf'.repeat(7).slice(0, 240);

describe('clipName', () => {
  it('leaves a name of up to NAME_CLIP characters as it is, and cuts a longer one to NAME_CLIP with an ellipsis', () => {
    expect(clipName('NDA.pdf')).toBe('NDA.pdf');
    expect(clipName('x'.repeat(NAME_CLIP))).toBe('x'.repeat(NAME_CLIP));
    const clipped = clipName(longName);
    expect(Array.from(clipped)).toHaveLength(NAME_CLIP);
    expect(clipped.endsWith('…')).toBe(true);
    expect(longName.startsWith(clipped.slice(0, -1))).toBe(true);
  });

  it('counts code points, never splitting an emoji, and drops spaces before the ellipsis', () => {
    expect(clipName('😀'.repeat(100), 10)).toBe(`${'😀'.repeat(9)}…`);
    expect(clipName('abcd    efgh', 9)).toBe('abcd…');
    expect(clipName('  NDA.pdf  ')).toBe('NDA.pdf');
  });
});

describe('mail subjects', () => {
  it.each(['en', 'pt', 'cs', 'es'] as const)(
    '%s: a 240-character document or person name is cut to about 80 characters in the subject, kept whole in the body',
    async (locale) => {
      const { renderMail } = await import('@/lib/server/mail/render-mail');
      const invitation = await renderMail('invitation', locale, {
        documentName: longName,
        ownerName: `Owner${'n'.repeat(200)}`,
        ownerEmail: 'owner@example.com',
        recipientName: 'Ana',
        role: 'SIGNER',
        signUrl: 'https://sign.example.com/sign/abc',
      });
      expect(invitation.subject).toContain(clipName(longName));
      expect(invitation.subject).not.toContain(longName.slice(0, NAME_CLIP));
      // Each name at most NAME_CLIP, plus the message's own words.
      expect(invitation.subject.length).toBeLessThan(2 * NAME_CLIP + 80);
      expect(invitation.text).toContain(longName);

      const declined = await renderMail('declined-to-owner', locale, {
        documentName: 'NDA.pdf',
        recipientName: longName,
        recipientEmail: 'ana@example.com',
        reason: 'No.',
        documentUrl: 'https://sign.example.com/document/doc_1',
      });
      expect(declined.subject).toContain(clipName(longName));
      expect(declined.subject).toContain('NDA.pdf');
      expect(declined.subject.length).toBeLessThan(NAME_CLIP + 80);
    },
  );
});
