import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LinkedText } from '@/components/admin/linked-text';
import { isOutboxId, outboxFileName, outboxIdOf } from '@/lib/server/mail/outbox-files';

const signUrl = 'http://localhost:3000/sign/tok_abc-DEF_123';
const invitation = (documentName: string) => ({
  documentName,
  ownerName: 'Ann Owner',
  ownerEmail: 'ann@example.com',
  recipientName: 'Bob',
  role: 'SIGNER' as const,
  signUrl,
});

describe('the outbox', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'signet-outbox-'));
    vi.resetModules();
    vi.stubEnv('DATA_DIR', dataDir);
    vi.stubEnv('SMTP_URL', '');
    vi.stubEnv('LOG_LEVEL', 'error');
  });

  afterEach(() => vi.unstubAllEnvs());

  it('is empty before any mail is written', async () => {
    const { listOutbox } = await import('@/lib/server/mail/list-outbox');
    expect(await listOutbox()).toEqual({ smtp: false, entries: [], total: 0 });
  });

  it('lists mails newest first with date, recipient and subject, and reads one back with both parts', async () => {
    const { sendTemplateMail } = await import('@/lib/server/mail/send-template-mail');
    const { listOutbox } = await import('@/lib/server/mail/list-outbox');
    const { readOutboxMail } = await import('@/lib/server/mail/read-outbox-mail');
    const sent = [];
    for (const name of ['First', 'Second', 'Third']) {
      sent.push(
        await sendTemplateMail('invitation', 'en', invitation(name), {
          to: { name: 'Bob', address: 'bob@example.com' },
          replyTo: 'ann@example.com',
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 5)); // distinct write times in the names
    }
    const outbox = await listOutbox();
    expect(outbox.total).toBe(3);
    expect(outbox.entries.map((entry) => entry.subject)).toEqual([
      'Ann Owner asks you to sign “Third”',
      'Ann Owner asks you to sign “Second”',
      'Ann Owner asks you to sign “First”',
    ]);
    expect(outbox.entries[0]?.to).toBe('"Bob" <bob@example.com>');
    expect(outbox.entries[0]?.id).toBe(path.basename(sent[2]?.outboxFile ?? '', '.eml'));
    expect((await listOutbox({ limit: 2 })).entries).toHaveLength(2);

    const mail = await readOutboxMail(outbox.entries[0]!.id);
    expect(mail).toMatchObject({
      subject: 'Ann Owner asks you to sign “Third”',
      to: '"Bob" <bob@example.com>',
      replyTo: 'ann@example.com',
      messageId: sent[2]?.messageId,
    });
    expect(mail.html).toContain(`href="${signUrl}"`);
    expect(mail.text).toContain(signUrl);
  });

  it('says when mail goes through SMTP', async () => {
    vi.stubEnv('SMTP_URL', 'smtp://127.0.0.1:2525');
    const { listOutbox } = await import('@/lib/server/mail/list-outbox');
    expect((await listOutbox()).smtp).toBe(true);
  });

  it('reads only files the outbox wrote: no path, no other name, no link out of the folder', async () => {
    const { readOutboxMail } = await import('@/lib/server/mail/read-outbox-mail');
    const outbox = path.join(dataDir, 'outbox');
    mkdirSync(outbox);
    writeFileSync(path.join(dataDir, 'secret.eml'), 'Subject: secret\r\n\r\nkey');
    writeFileSync(path.join(outbox, 'notes.eml'), 'Subject: not ours\r\n\r\nx');
    const linkName = outboxFileName(new Date(), '00000000-0000-4000-8000-000000000000');
    symlinkSync(path.join(dataDir, 'secret.eml'), path.join(outbox, linkName));
    const linkId = outboxIdOf(linkName)!;
    const absent = outboxIdOf(outboxFileName(new Date(), '11111111-1111-4111-8111-111111111111'))!;
    for (const id of [
      '../secret',
      '..%2Fsecret',
      '../secret.eml',
      `../outbox/${absent}`,
      'notes',
      `${absent}/..`,
      '',
      absent,
      `${absent}.eml`,
      linkId,
      `/${absent}`,
    ]) {
      await expect(readOutboxMail(id), id).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    // The listing skips what is not a written mail too.
    const { listOutbox } = await import('@/lib/server/mail/list-outbox');
    expect(await listOutbox()).toEqual({ smtp: false, entries: [], total: 0 });
  });
});

describe('outbox file names and ids', () => {
  it('are exactly what the writer makes', () => {
    const name = outboxFileName(new Date('2026-11-24T19:52:10.123Z'), '0f1e2d3c-4b5a-4968-8776-655443322110');
    expect(name).toBe('2026-11-24T19-52-10-123Z-0f1e2d3c-4b5a-4968-8776-655443322110.eml');
    const id = outboxIdOf(name)!;
    expect(id).toBe('2026-11-24T19-52-10-123Z-0f1e2d3c-4b5a-4968-8776-655443322110');
    expect(isOutboxId(id)).toBe(true);
    for (const bad of [`../${id}`, `${id}/`, name, id.toUpperCase(), `x${id}`, `${id}\0`, `${id}\n`])
      expect(isOutboxId(bad), bad).toBe(false);
    expect(outboxIdOf(name.replace('.eml', '.txt'))).toBeNull();
  });
});

describe('LinkedText', () => {
  const render = (text: string) => renderToStaticMarkup(createElement(LinkedText, { text, linkClassName: 'l' }));

  it('links http(s) addresses and escapes everything else', () => {
    expect(render(`Sign here ${signUrl}\nor not <script>x</script>`)).toBe(
      `Sign here <a href="${signUrl}" class="l">${signUrl}</a>\nor not &lt;script&gt;x&lt;/script&gt;`,
    );
  });

  it('leaves other schemes, bare domains and addresses as text', () => {
    expect(render('javascript:alert(1) ftp://x.example.com example.com ann@example.com')).not.toContain('<a');
  });
});
