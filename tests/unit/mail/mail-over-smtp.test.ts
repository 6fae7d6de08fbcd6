import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import type { AddressObject } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TMailData, TMailTemplate } from '@/lib/server/mail/render-mail';
import { startSmtpSink, type TSinkMail, type TSmtpSink } from '../../fixtures/smtp-sink';

// Every template goes through nodemailer to a real SMTP server and is read back with mailparser.
const APP_URL = 'https://sign.example.com';
const signUrl = `${APP_URL}/sign/tok_9Zx-Q1w2E3r4T5y6U7i8O9p0`;
const documentUrl = `${APP_URL}/document/doc_abc123`;
const acceptUrl = `${APP_URL}/invitations/inv_Q1w2E3r4T5y6U7i8O9p0`;
const hostile = { documentName: 'NDA <script>alert(1)</script>', ownerName: 'Eve "><img src=x onerror=alert(2)>' };

const samples: { [T in TMailTemplate]: TMailData[T] } = {
  invitation: {
    ...hostile,
    ownerEmail: 'eve@example.org',
    recipientName: 'Bob',
    role: 'SIGNER',
    message: 'Please sign <b>today</b>\nThanks "><img src=y>',
    signUrl,
    expiresAt: new Date('2026-12-24T12:00:00Z'),
  },
  reminder: { ...hostile, ownerEmail: 'eve@example.org', recipientName: 'Bob', role: 'APPROVER', signUrl },
  cancelled: { ...hostile, reason: 'Wrong version <script>x</script>' },
  expired: hostile,
  'declined-to-owner': {
    documentName: hostile.documentName,
    recipientName: 'Bob <b>',
    recipientEmail: 'bob@example.com',
    reason: 'Not my <script>job</script>',
    documentUrl,
  },
  'completed-to-owner': { documentName: hostile.documentName, documentUrl },
  completed: {
    ...hostile,
    attached: false,
    downloadUrl: `${APP_URL}/api/downloads/abc.def`,
    downloadExpiresAt: new Date('2026-12-01T12:00:00Z'),
  },
  'one-time-code': { code: '482913', documentName: hostile.documentName, minutesValid: 10 },
  'signed-confirmation': hostile,
  'signed-to-owner': {
    documentName: hostile.documentName,
    recipientName: 'Bob <b>',
    recipientEmail: 'bob@example.com',
    remaining: 2,
    documentUrl,
  },
  declined: { ...hostile, declinedBy: 'Mallory <i>' },
  'test-mail': { requestedBy: 'ada@example.com', openUrl: `${APP_URL}/admin/outbox` },
  'team-invitation': {
    teamName: hostile.documentName,
    inviterName: hostile.ownerName,
    inviterEmail: 'eve@example.org',
    role: 'admin',
    acceptUrl,
    expiresAt: new Date('2026-12-24T12:00:00Z'),
  },
};

/** What each template's text part must say: the hostile document name as typed, or its one value. */
const mustSay = (template: TMailTemplate) =>
  template === 'one-time-code'
    ? '482913'
    : template === 'test-mail'
      ? `${APP_URL}/admin/outbox`
      : 'NDA <script>alert(1)</script>';

/** A word each language's mail is sure to hold, for the language check. */
const greetings = { en: 'Hello Bob', pt: 'Olá Bob', cs: 'Dobrý den, Bob', es: 'Hola, Bob' } as const;

let sink: TSmtpSink;
let publicKeyDer: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  publicKeyDer = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  const keyFile = path.join(mkdtempSync(path.join(tmpdir(), 'signet-dkim-')), 'dkim.pem');
  writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
  vi.resetModules();
  vi.stubEnv('SMTP_URL', sink.url);
  vi.stubEnv('APP_URL', APP_URL);
  vi.stubEnv('MAIL_FROM', 'Signet <no-reply@example.com>');
  vi.stubEnv('DKIM_DOMAIN', 'example.com');
  vi.stubEnv('DKIM_SELECTOR', 'signet');
  vi.stubEnv('DKIM_PRIVATE_KEY', keyFile);
  vi.stubEnv('LOG_LEVEL', 'error');
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await sink.close();
});

async function send<T extends TMailTemplate>(template: T, locale: 'en' | 'pt' | 'cs' | 'es', data: TMailData[T]) {
  const { sendTemplateMail } = await import('@/lib/server/mail/send-template-mail');
  const sent = await sendTemplateMail(template, locale, data, {
    to: { name: 'Bob', address: 'bob@example.com' },
    replyTo: { name: 'Eve', address: 'eve@example.org' },
  });
  const mail = await sink.waitFor((m) => m.parsed.messageId === sent.messageId);
  return { sent, mail };
}

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  [field ?? []].flat().flatMap((a) => a.value.map((v) => v.address));

function expectWellFormed(mail: TSinkMail, subject: string) {
  const { parsed } = mail;
  expect(parsed.subject).toBe(subject);
  expect(parsed.messageId).toMatch(/^<[0-9a-f-]{36}@sign\.example\.com>$/);
  expect(Math.abs((parsed.date?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  expect(addresses(parsed.replyTo)).toEqual(['eve@example.org']);
  expect(addresses(parsed.to)).toEqual(['bob@example.com']);
  expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
  expect(parsed.text?.trim()).toBeTruthy();
  expect(parsed.html).toBeTruthy();
  // What owners typed is text in the HTML part, never markup; nothing is fetched from elsewhere.
  const html = String(parsed.html);
  expect(html).not.toMatch(/<script|<img/i);
  if (!subject.startsWith('Signet test')) expect(html).toContain('&lt;script&gt;');
  if (html.includes('onerror')) expect(html).toContain('Eve &quot;&gt;&lt;img src=x onerror=alert(2)&gt;');
  expect(html).not.toMatch(/src=["']?https?:/i);
}

describe('mail templates sent over SMTP', () => {
  it.each(Object.keys(samples) as TMailTemplate[])(
    '%s arrives well-formed, DKIM-signed, with an HTML and a text part',
    async (template) => {
      const { sent, mail } = await send(template, 'en', samples[template] as never);
      expectWellFormed(mail, sent.subject);
      expect(mail.parsed.text).toContain(mustSay(template));
      const verified = await dkimVerify(mail.raw, {
        resolver: async (name: string, type: string) => {
          expect([name, type]).toEqual(['signet._domainkey.example.com', 'TXT']);
          return [[`v=DKIM1; k=rsa; p=${publicKeyDer}`]];
        },
      } as never);
      expect(verified.results.map((r) => [r.signingDomain, r.status.result])).toEqual([['example.com', 'pass']]);
    },
  );

  it.each(Object.keys(greetings) as (keyof typeof greetings)[])(
    'the invitation in %s carries the signing link verbatim in its text part',
    async (locale) => {
      const { mail } = await send('invitation', locale, samples.invitation);
      const text = mail.parsed.text ?? '';
      expect(text).toContain(greetings[locale]);
      expect(text.split(/\s+/)).toContain(signUrl);
      expect(String(mail.parsed.html)).toContain(`href="${signUrl}"`);
      expect(mail.parsed.html).toContain(`lang="${locale}"`);
    },
  );

  it('links to the document in the owner notices, in the text part too', async () => {
    for (const template of ['declined-to-owner', 'completed-to-owner', 'signed-to-owner'] as const) {
      const { mail } = await send(template, 'pt', samples[template]);
      expect((mail.parsed.text ?? '').split(/\s+/)).toContain(documentUrl);
    }
  });
});

describe('the team invitation', () => {
  const team = {
    teamName: 'Legal & Contracts',
    inviterName: 'Ada Lovelace',
    inviterEmail: 'ada@example.com',
    acceptUrl,
    expiresAt: new Date('2026-12-24T12:00:00Z'),
  };
  const roles = ['owner', 'admin', 'member'] as const;
  const oneLine = (text: string) => text.replace(/\s+/g, ' ');

  it.each(Object.keys(greetings) as (keyof typeof greetings)[])(
    'in %s names the team, the inviter, what each role allows and until when, with the link in both parts',
    async (locale) => {
      const { loadMessages } = await import('@/lib/i18n/messages');
      const { renderMail } = await import('@/lib/server/mail/render-mail');
      const catalogue = (await loadMessages(locale)) as unknown as {
        mail: { teamInvitation: { role: Record<(typeof roles)[number], string> } };
      };
      const sentences = catalogue.mail.teamInvitation.role;
      // The deadline as every other mail shows one: long date, short time, in UTC.
      const until = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(
        team.expiresAt,
      );
      for (const role of roles) {
        const { subject, text } = await renderMail('team-invitation', locale, { ...team, role });
        expect(subject).toContain('Legal & Contracts');
        expect(subject).toContain('Ada Lovelace');
        expect(text).toContain('Ada Lovelace (ada@example.com)');
        expect(text).toContain(sentences[role]);
        for (const other of roles.filter((r) => r !== role)) expect(text).not.toContain(sentences[other]);
        expect(oneLine(text)).toContain(oneLine(until));
      }
      const { sent, mail } = await send('team-invitation', locale, { ...team, role: 'member' });
      expect(mail.parsed.subject).toBe(sent.subject);
      expect((mail.parsed.text ?? '').split(/\s+/)).toContain(acceptUrl);
      const html = String(mail.parsed.html);
      expect(html).toContain(`href="${acceptUrl}"`);
      expect(html).toContain(`lang="${locale}"`);
      expect(html).toContain('Legal &amp; Contracts');
    },
  );

  it('escapes markup in the team name in the HTML part, and keeps it as typed in the subject and text', async () => {
    const { renderMail } = await import('@/lib/server/mail/render-mail');
    const teamName = 'R&D <b>Legal</b> "><img src=x onerror=alert(1)>';
    const { subject, html, text } = await renderMail('team-invitation', 'en', { ...team, teamName, role: 'admin' });
    expect(html).not.toMatch(/<b>Legal|<img/i);
    expect(html).toContain('R&amp;D &lt;b&gt;Legal&lt;/b&gt; &quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(subject).toContain(teamName);
    expect(text).toContain(teamName);
  });

  it('cuts a long team name in the button and the subject, and keeps it whole in the text', async () => {
    const { renderMail } = await import('@/lib/server/mail/render-mail');
    const { clipName } = await import('@/lib/clip-name');
    const teamName = `Legal${'l'.repeat(300)}`;
    const { subject, text } = await renderMail('team-invitation', 'en', { ...team, teamName, role: 'member' });
    expect(subject).toContain(clipName(teamName));
    expect(subject).not.toContain(teamName);
    expect(text).toContain(`Join ${clipName(teamName)} ${acceptUrl}`);
    expect(text).toContain(`“${teamName}”`);
  });
});

describe('refusals before anything is sent', () => {
  const injections = ['Eve\r\nBcc: victim@example.com', 'Eve\nX-Evil: 1', 'Eve\u0000', 'Eve\u2028Bcc: v@example.com'];

  it.each(injections)('renderMail refuses a name holding control characters (%j)', async (ownerName) => {
    const { renderMail } = await import('@/lib/server/mail/render-mail');
    await expect(renderMail('invitation', 'en', { ...samples.invitation, ownerName })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    await expect(
      renderMail('cancelled', 'en', { documentName: `Doc${ownerName}`, ownerName: 'Eve' }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('a team invitation whose team or inviter name holds a line break or other control is refused, nothing sent', async () => {
    const { sendTemplateMail } = await import('@/lib/server/mail/send-template-mail');
    const { sendMail } = await import('@/lib/server/mail/send-mail');
    const before = sink.mails.length;
    const envelope = { to: 'bob@example.com', replyTo: { name: 'Eve', address: 'eve@example.org' } };
    for (const injection of injections) {
      for (const field of ['teamName', 'inviterName'] as const) {
        const data = { ...samples['team-invitation'], [field]: `Legal${injection}` };
        await expect(sendTemplateMail('team-invitation', 'en', data, envelope)).rejects.toMatchObject({
          code: 'INVALID_INPUT',
          fieldErrors: [expect.objectContaining({ path: field })],
        });
      }
    }
    const ok = await sendMail({ to: 'bob@example.com', subject: 'After the team refusals', text: 'Hi' });
    await sink.waitFor((m) => m.parsed.messageId === ok.messageId);
    expect(sink.mails.slice(before).map((m) => m.parsed.subject)).toEqual(['After the team refusals']);
  });

  it('renderMail refuses a link that is not http(s)', async () => {
    const { renderMail } = await import('@/lib/server/mail/render-mail');
    await expect(
      renderMail('invitation', 'en', { ...samples.invitation, signUrl: 'javascript:alert(1)' }),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      fieldErrors: [expect.objectContaining({ path: 'signUrl' })],
    });
  });

  it('sendMail refuses CR/LF in the subject, a name or an address, and nothing reaches the server', async () => {
    const { sendMail } = await import('@/lib/server/mail/send-mail');
    const before = sink.mails.length;
    const base = { to: 'bob@example.com', subject: 'Hello', text: 'Hi' };
    const bad = [
      { ...base, subject: 'Hello\r\nBcc: victim@example.com' },
      { ...base, to: { name: 'Bob\r\nBcc: victim@example.com', address: 'bob@example.com' } },
      { ...base, to: 'bob@example.com\r\nBcc: victim@example.com' },
      { ...base, replyTo: { name: 'Eve\nBcc: victim@example.com', address: 'eve@example.org' } },
      { ...base, replyTo: 'not an address' },
    ];
    for (const mail of bad) await expect(sendMail(mail)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    // A valid mail sent after them is the only one the server sees.
    const ok = await sendMail({ ...base, subject: 'After the refusals' });
    await sink.waitFor((m) => m.parsed.messageId === ok.messageId);
    expect(sink.mails.slice(before).map((m) => m.parsed.subject)).toEqual(['After the refusals']);
  });

  it('leaves Auto-Submitted off when asked (a mail a person wrote)', async () => {
    const { sendMail } = await import('@/lib/server/mail/send-mail');
    const sent = await sendMail({ to: 'bob@example.com', subject: 'Personal', text: 'Hi', autoSubmitted: false });
    const mail = await sink.waitFor((m) => m.parsed.messageId === sent.messageId);
    expect(mail.parsed.headers.has('auto-submitted')).toBe(false);
  });
});
