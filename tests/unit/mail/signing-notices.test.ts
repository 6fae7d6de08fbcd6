import { describe, expect, it, vi } from 'vitest';

vi.stubEnv('LOG_LEVEL', 'error');

const documentUrl = 'https://sign.example.com/document/doc_1';

describe('the signer notices in every language', () => {
  it.each(['en', 'pt', 'cs', 'es'] as const)(
    '%s: signed-to-owner (some left, none left) and declined render with their values',
    async (locale) => {
      const { renderMail } = await import('@/lib/server/mail/render-mail');
      const base = { documentName: 'NDA.pdf', recipientName: 'Ana', recipientEmail: 'ana@example.com', documentUrl };
      const some = await renderMail('signed-to-owner', locale, { ...base, remaining: 3 });
      const none = await renderMail('signed-to-owner', locale, { ...base, remaining: 0 });
      expect(some.subject).toContain('Ana');
      expect(some.text).toContain('3');
      expect(some.text).toContain(documentUrl);
      expect(none.text).not.toEqual(some.text);
      const declined = await renderMail('declined', locale, {
        documentName: 'NDA.pdf',
        ownerName: 'Eve',
        declinedBy: 'Bo',
      });
      expect(declined.subject).toContain('NDA.pdf');
      expect(declined.text).toContain('Bo');
      expect(declined.text).toContain('Eve');
    },
  );
});
