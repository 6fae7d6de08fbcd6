import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

describe('sendMail without SMTP_URL', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'signet-mail-'));
    vi.resetModules();
    vi.stubEnv('DATA_DIR', dataDir);
    vi.stubEnv('SMTP_URL', '');
    vi.stubEnv('LOG_LEVEL', 'error');
  });

  afterEach(() => vi.unstubAllEnvs());

  it('writes an .eml file to the outbox in the data folder', async () => {
    const { sendMail } = await import('@/lib/server/mail/send-mail');
    const sent = await sendMail({ to: 'alice@example.com', subject: 'Please sign: NDA', text: 'Hello Alice' });
    const files = readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(sent.outboxFile).toBe(path.join(dataDir, 'outbox', files[0] ?? ''));
    const eml = readFileSync(sent.outboxFile ?? '', 'utf8');
    expect(eml).toContain('To: alice@example.com');
    expect(eml).toContain('Subject: Please sign: NDA');
    expect(eml).toContain('Hello Alice');
    expect(eml).toMatch(/From: Signet <no-reply@signet\.localhost>/);
  });

  it('keeps the outbox and its mails private (0700, 0600) even under a permissive umask', async () => {
    const before = process.umask(0o022);
    try {
      const { sendMail } = await import('@/lib/server/mail/send-mail');
      const sent = await sendMail({
        to: 'bob@example.com',
        subject: 'Sign-in link',
        text: 'https://example.com/secret',
      });
      expect(statSync(path.join(dataDir, 'outbox')).mode & 0o777).toBe(0o700);
      expect(statSync(sent.outboxFile ?? '').mode & 0o777).toBe(0o600);
    } finally {
      process.umask(before);
    }
  });
});
