import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { openBiometricEnvelope, readEscrowPrivateKey } from '@/scripts/lib/biometric-open';
import type { TDocumentDetails } from '@/lib/api/v1/documents';
import { formatSigningDate } from '@/lib/signing/format-signing-date';
import { signInAsNew } from '../auth/helpers';
import { withDb, xsrfHeaders } from '../dashboard/helpers';
import { axeBuilder, expect, expectNoHorizontalOverflow, setScheme, shoot, test, waitForHydration } from '../fixtures';
import { finishTours } from '../tour-helpers';
import { mailsTo, signingLink } from '../workspace/prepare-helpers';
import { contractPdf, drawWithPen, PEN_PRESSURES, waitForDocument } from './helpers';

/**
 * Signing end to end over a real SMTP sink (E2E_SMTP=1):
 * an owner sends to two signers one after another. Ana, on a 390 px touch
 * phone, consents, signs with a pen that reports pressure and tilt, fills a
 * checkbox, a text and a dropdown (the date fills itself) and finishes; only
 * then is Bo invited. Bo, at 1280 px, confirms his address with an emailed
 * one-time code, types his signature and finishes. The owner sees both signed,
 * and the escrow key opens Ana's biometric record with the pen's pressures.
 * Then the loop closes: the app's job runner seals the document, the sealed PDF
 * arrives by mail, pdfsig and qpdf accept it, and /validator calls it valid.
 */

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;
const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? '.test-data/e2e');

/** axe with the WCAG 2.x A/AA rules on a signer's page (the fixture's makeAxeBuilder is bound to the owner's). */
async function axeClean(page: Page) {
  const { violations } = await axeBuilder(page).analyze();
  expect(violations).toEqual([]);
}

/** The owner sends a 3-page contract in sequence: Ana (no auth) with five fields, then Bo (email code) with a signature. */
async function sendInSequence(owner: Page) {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const ana = { name: 'Ana Silva', email: `ana-seq-${stamp}@example.com` };
  const bo = { name: 'Bo Novak', email: `bo-seq-${stamp}@example.com` };
  await signInAsNew(owner, 'two-signers-owner');
  await finishTours(owner);
  const headers = await xsrfHeaders(owner);
  const name = `Supply contract ${stamp}.pdf`;
  const upload = await owner.request.post('/api/v1/documents', {
    headers,
    multipart: { file: { name, mimeType: 'application/pdf', buffer: await contractPdf() } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { id } = (await upload.json()) as { id: string };
  const recipients = await owner.request.put(`/api/v1/documents/${id}/recipients`, {
    headers,
    data: {
      recipients: [
        { ...ana, auth: 'none' },
        { ...bo, auth: 'email_otp' },
      ],
    },
  });
  expect(recipients.status(), await recipients.text()).toBe(200);
  const [anaId, boId] = ((await recipients.json()) as { recipients: { id: string }[] }).recipients.map(
    (recipient) => recipient.id,
  ) as [string, string];
  const fields = [
    { recipientId: anaId, type: 'signature', page: 1, x: 60, y: 120 },
    { recipientId: anaId, type: 'checkbox', page: 1, x: 60, y: 260, label: 'I accept the terms' },
    { recipientId: anaId, type: 'text', page: 1, x: 60, y: 340, label: 'Company' },
    { recipientId: anaId, type: 'dropdown', page: 1, x: 60, y: 420, label: 'Plan', options: ['Basic', 'Pro'] },
    { recipientId: anaId, type: 'date', page: 1, x: 330, y: 120 },
    { recipientId: boId, type: 'signature', page: 2, x: 60, y: 120 },
  ];
  const placed = await owner.request.put(`/api/v1/documents/${id}/fields`, { headers, data: { fields } });
  expect(placed.status(), await placed.text()).toBe(200);
  const sent = await owner.request.post(`/api/v1/documents/${id}/send`, {
    headers,
    data: { signingOrder: 'sequential' },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  return { id, name, ana: { ...ana, id: anaId }, bo: { ...bo, id: boId } };
}

const details = async (owner: Page, id: string) => {
  const response = await owner.request.get(`/api/v1/documents/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as TDocumentDetails;
};

test('two signers in sequence: a pen on a phone, then an emailed code and a typed signature at 1280; the owner sees both signed', async ({
  browser,
  page: owner,
  smtpSink,
}) => {
  test.setTimeout(240_000);
  const sent = await sendInSequence(owner);
  const isInvitation = (email: string) => (mail: (typeof smtpSink.mails)[number]) =>
    mail.envelope.to.includes(email) && /\/sign\//.test(mail.parsed.text ?? '');

  // Exactly one invitation, to Ana; Bo waits for his turn.
  const anaInvitation = await smtpSink.waitFor(isInvitation(sent.ana.email), 30_000);
  const anaLink = new URL(signingLink(anaInvitation, baseURL).url).pathname;

  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  const ana = await phone.newPage();
  await ana.goto(anaLink);
  await waitForHydration(ana);
  await waitForDocument(ana);
  await expect(ana.getByRole('heading', { level: 1, name: sent.name })).toBeVisible();
  await expectNoHorizontalOverflow(ana);
  await axeClean(ana);

  await ana.getByLabel('I have read this disclosure').check();
  await ana.getByRole('button', { name: 'Agree and continue' }).tap();
  await expect(ana.locator('[data-guide-progress]')).toHaveText('Field 1 of 4');
  const active = ana.locator('[data-signing-field][data-active]');
  await expect(active).toHaveAttribute('data-field-type', 'signature');
  await ana.locator('[data-signature-open]').tap();
  await drawWithPen(ana);
  await ana.locator('[data-dialog-button="done"]').tap();
  await expect(ana.locator('[data-signing-field][data-field-type="signature"] img')).toBeVisible();

  // The date is not a step: it says it is filled in with the signing date when Ana finishes.
  const date = ana.locator('[data-signing-field][data-field-type="date"]');
  await expect(date).toHaveText('Signing date');
  await expect(date).toHaveAttribute('data-filled', 'true');
  await expect(date).toHaveAttribute('aria-label', /filled in with the signing date when you finish/);

  await ana.getByRole('button', { name: 'Next field' }).tap();
  await expect(active).toHaveAttribute('data-field-type', 'checkbox');
  await ana.locator('[data-guide-field] input[type="checkbox"]').check();
  await ana.getByRole('button', { name: 'Next field' }).tap();
  await expect(active).toHaveAttribute('data-field-type', 'text');
  await ana.locator('[data-guide-field] input').fill('Acme Lda');
  await ana.getByRole('button', { name: 'Next field' }).tap();
  await expect(active).toHaveAttribute('data-field-type', 'dropdown');
  await ana.locator('[data-guide-field] select').selectOption('Pro');
  await expect(ana.locator('[data-signing-field][data-field-type="text"]')).toHaveAttribute('data-filled', 'true');
  await expectNoHorizontalOverflow(ana);
  await axeClean(ana);
  await shoot(ana, 'two-signers-ana-390');

  // Before Ana finishes, nothing has gone to Bo.
  expect(mailsTo(smtpSink.mails, sent.bo.email)).toEqual([]);
  expect((await details(owner, sent.id)).recipients.map((recipient) => recipient.status)).toEqual([
    'opened',
    'waiting',
  ]);
  await ana.getByRole('button', { name: 'Finish', exact: true }).tap();
  await ana.getByRole('button', { name: 'Confirm and sign' }).tap();
  await expect(ana.getByRole('heading', { name: 'Done: you have signed' })).toBeFocused();
  await expectNoHorizontalOverflow(ana);
  await phone.close();

  // The date was written by the server on finishing, in the owner's format (UTC day).
  const stored = await details(owner, sent.id);
  expect(stored.fields.find((field) => field.recipientId === sent.ana.id && field.type === 'date')?.value).toBe(
    formatSigningDate(new Date()),
  );
  expect(
    stored.fields
      .filter((field) => field.recipientId === sent.ana.id && field.type !== 'signature' && field.type !== 'date')
      .map((field) => [field.type, field.value]),
  ).toEqual([
    ['checkbox', 'true'],
    ['text', 'Acme Lda'],
    ['dropdown', 'Pro'],
  ]);

  // Ana's biometric record, opened with the instance's escrow private key, holds the pen's pressures and tilt.
  const row = withDb((db) =>
    db
      .prepare(
        'SELECT s."kind", s."biometric" FROM "Signature" s JOIN "Field" f ON f."id" = s."fieldId" WHERE f."recipientId" = ?',
      )
      .get(sent.ana.id),
  ) as { kind: string; biometric: string };
  expect(row.kind).toBe('DRAWN');
  const privateKey = readEscrowPrivateKey(
    readFileSync(path.join(dataDir, 'biometric-escrow-PRIVATE-move-me.pem'), 'utf8'),
  );
  const { record } = openBiometricEnvelope(JSON.parse(row.biometric), privateKey);
  const samples = record.strokes.flatMap((stroke) => stroke.samples);
  expect(record.strokes[0]!.pointerType).toBe('pen');
  for (const pressure of PEN_PRESSURES)
    expect(
      samples.some((sample) => Math.abs((sample[3] ?? -1) - pressure) < 0.001),
      `pressure ${pressure}`,
    ).toBe(true);
  // Not the 0.5 a browser reports for a device without pressure: the values vary as the pen sent them.
  expect(new Set(samples.map((sample) => sample[3])).size).toBeGreaterThanOrEqual(PEN_PRESSURES.length - 1);
  expect(samples[0]!.slice(4, 6)).toEqual([25, -15]);

  // Now, from the job runner, exactly one invitation to Bo.
  await expect.poll(() => smtpSink.mails.filter(isInvitation(sent.bo.email)).length, { timeout: 30_000 }).toBe(1);
  expect(smtpSink.mails.filter(isInvitation(sent.ana.email))).toHaveLength(1);
  const boLink = new URL(signingLink(smtpSink.mails.find(isInvitation(sent.bo.email))!, baseURL).url).pathname;

  const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const bo = await desktop.newPage();
  await bo.goto(boLink);
  await waitForHydration(bo);
  await waitForDocument(bo);
  await axeClean(bo);
  await bo.getByLabel('I have read this disclosure').check();
  await bo.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(bo.getByRole('heading', { name: 'Confirm who you are' })).toBeVisible();
  // Light and dark: the authentication step, the one part of the page only Bo sees.
  await axeClean(bo);
  await setScheme(bo, 'dark');
  await waitForDocument(bo);
  await expect(bo.getByRole('heading', { name: 'Confirm who you are' })).toBeVisible();
  await axeClean(bo);
  await shoot(bo, 'two-signers-bo-auth-1280-dark');
  await setScheme(bo, 'light');
  await waitForDocument(bo);

  const codesBefore = smtpSink.mails.length;
  await bo.getByRole('button', { name: 'Email me a code' }).click();
  await expect(bo.getByText(/We sent a 6-digit code to/)).toBeVisible();
  const codeMail = await smtpSink.waitFor(
    (mail) => smtpSink.mails.indexOf(mail) >= codesBefore && mail.envelope.to.includes(sent.bo.email),
  );
  const code = /\b(\d{6})\b/.exec(codeMail.parsed.text ?? '')?.[1];
  expect(code, `a 6-digit code in ${codeMail.parsed.text}`).toBeTruthy();
  await bo.getByLabel('Code from the email').fill(code ?? '');
  await bo.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(bo.locator('[data-guide-progress]')).toHaveText('Field 1 of 1');

  await bo.locator('[data-signature-open]').click();
  await bo.locator('[data-signature-tab="type"]').click();
  await expect(bo.locator('[data-signature-text]')).toHaveValue(sent.bo.name);
  await bo.locator('[data-signature-font]').nth(1).check();
  await bo.locator('[data-dialog-button="done"]').click();
  await expect(bo.locator('[data-signing-field][data-field-type="signature"] img')).toBeVisible();
  await axeClean(bo);
  await bo.getByRole('button', { name: 'Finish', exact: true }).click();
  await bo.getByRole('button', { name: 'Confirm and sign' }).click();
  await expect(bo.getByRole('heading', { name: 'Done: you have signed' })).toBeFocused();
  await desktop.close();
  const typed = withDb((db) =>
    db
      .prepare('SELECT s."kind" FROM "Signature" s JOIN "Field" f ON f."id" = s."fieldId" WHERE f."recipientId" = ?')
      .get(sent.bo.id),
  ) as { kind: string };
  expect(typed.kind).toBe('TYPED');

  // The owner: both signed, in the API and in the workspace.
  const final = await details(owner, sent.id);
  expect(final.recipients.map((recipient) => [recipient.name, recipient.status])).toEqual([
    [sent.ana.name, 'signed'],
    [sent.bo.name, 'signed'],
  ]);
  await owner.goto(new URL(final.url).pathname);
  const statuses = owner.locator('[data-recipient-status]');
  await expect(statuses).toHaveCount(2, { timeout: 20_000 });
  for (const index of [0, 1]) {
    await expect(statuses.nth(index)).toHaveAttribute('data-recipient-status', 'signed');
    await expect(statuses.nth(index)).toContainText('Signed');
  }

  // The loop closed: the app's own job runner seals it, and everyone gets the sealed PDF.
  const completion = await smtpSink.waitFor(
    (mail) =>
      mail.envelope.to.includes(sent.ana.email) &&
      mail.parsed.attachments.some((file) => file.contentType === 'application/pdf'),
    60_000,
  );
  const sealed = completion.parsed.attachments.find((file) => file.contentType === 'application/pdf')!.content;
  const completed = (await details(owner, sent.id)) as TDocumentDetails & {
    seal: { sha256: string; level: string } | null;
  };
  expect(completed.status).toBe('completed');
  expect(createHash('sha256').update(sealed).digest('hex')).toBe(completed.seal?.sha256);
  // Judged by independent tools: pdfsig and qpdf.
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'signet-e2e-sealed-')), 'sealed.pdf');
  writeFileSync(file, sealed);
  const pdfsig = spawnSync('pdfsig', [file], { encoding: 'utf8' }).stdout;
  expect(pdfsig).toContain('Signature is Valid.');
  expect(pdfsig).toContain('Total document signed');
  expect(spawnSync('qpdf', ['--check', file]).status).toBe(0);
  // The owner's workspace shows the seal; the public validator calls the mailed copy valid and ours.
  await owner.reload();
  await expect(owner.getByText(`PAdES ${completed.seal?.level}`, { exact: false }).first()).toBeVisible({
    timeout: 20_000,
  });
  await owner.goto('/validator');
  await owner
    .getByTestId('validator-file')
    .setInputFiles({ name: 'sealed.pdf', mimeType: 'application/pdf', buffer: sealed });
  await expect(owner.locator('[data-verdict]')).toHaveAttribute('data-verdict', 'valid', { timeout: 20_000 });
  await expect(owner.getByRole('heading', { level: 2, name: 'Valid' })).toBeVisible();
});
