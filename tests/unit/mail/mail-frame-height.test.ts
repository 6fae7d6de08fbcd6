import { describe, expect, it } from 'vitest';
import { MAIL_FRAME, mailFrameHeight, textOfHtml } from '@/components/admin/mail-frame-height';

describe("the outbox preview's frame height", () => {
  it('grows with the mail, so its footer shows without a scroll inside the frame, within bounds', () => {
    const short = mailFrameHeight('Signet\n\nHello\n\nThis message was sent automatically by Signet.');
    const long = mailFrameHeight(
      `Signet\n\n${'Please sign this soon. '.repeat(40)}\n\nThis message was sent automatically by Signet.`,
    );
    expect(short).toBe(MAIL_FRAME.min);
    expect(long).toBeGreaterThan(short);
    expect(mailFrameHeight('word '.repeat(100_000))).toBe(MAIL_FRAME.max);
  });

  it("is at least what an invitation with a message takes at a phone's width (878 px measured in Chromium at 340 px)", () => {
    const invitation = [
      'Signet',
      'Alice Adams asks you to sign “NDA”',
      'Hello Bob,',
      'Alice Adams sent you “NDA” to sign. Open it to read the document and add your signature.',
      'Message from Alice Adams:',
      'Please sign this soon. '.repeat(10).trim(),
      'Review and sign https://x.example/sign/abcdefghijklmnopqrstuvwxyz0123456789abcdef',
      'This link is personal: do not forward this email.',
      'Signet sent this email on behalf of Alice Adams (a@example.com). Replying reaches them directly.',
      'This message was sent automatically by Signet.',
    ].join('\n\n');
    expect(mailFrameHeight(invitation)).toBeGreaterThanOrEqual(878);
  });

  it('reads the words of an HTML part without its head or hidden preview text', () => {
    const text = textOfHtml(
      '<html><head><title>T</title><style>p{}</style></head><body><div style="display:none;max-height:0">preview<div> x</div></div><p>Hello</p><p>Bye&nbsp;now</p></body></html>',
    );
    expect(text).not.toMatch(/preview|p\{\}|T\b/);
    expect(
      text
        .split(/\n\s*\n/)
        .map((part) => part.trim())
        .filter(Boolean),
    ).toEqual(['Hello', 'Bye now']);
  });
});
