import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { outboxMails, tokenIn, type TOutboxMail } from '@/tests/unit/api/sending-helpers';
import { signInAsNew } from '../auth/helpers';
import { xsrfHeaders } from '../dashboard/helpers';

const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? '.test-data/e2e');

/** A three-page letter-size contract with some text, so the page looks like a document. */
export async function contractPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let number = 1; number <= 3; number++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Service agreement, page ${number}`, { x: 60, y: 720, size: 18, font });
    for (let line = 0; line < 12; line++)
      page.drawText('The parties agree to the terms set out in this section.', {
        x: 60,
        y: 680 - line * 18,
        size: 11,
        font,
      });
  }
  return Buffer.from(await doc.save());
}

export type TSent = {
  id: string;
  name: string;
  ana: { id: string; email: string };
  bo: { id: string; email: string };
  owner: Page;
};

/**
 * An owner (signed in on `owner`) uploads a contract and sends it in parallel
 * to Ana (five fields to fill and a date, or `anaFields`) and Bo (a signature),
 * through the v1 API as the workspace does.
 */
export async function sendContract(
  owner: Page,
  options: { locale?: string; signatureRequired?: boolean; anaFields?: Record<string, unknown>[] } = {},
): Promise<TSent> {
  await signInAsNew(owner, 'signing-owner');
  const headers = await xsrfHeaders(owner);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `Service agreement ${stamp}.pdf`;
  const upload = await owner.request.post('/api/v1/documents', {
    headers,
    multipart: { file: { name, mimeType: 'application/pdf', buffer: await contractPdf() } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { id } = (await upload.json()) as { id: string };
  const emails = { ana: `ana-${stamp}@example.com`, bo: `bo-${stamp}@example.com` };
  const recipients = await owner.request.put(`/api/v1/documents/${id}/recipients`, {
    headers,
    data: {
      recipients: [
        { email: emails.ana, name: 'Ana Silva' },
        { email: emails.bo, name: 'Bo Novak' },
      ],
    },
  });
  const [ana, bo] = ((await recipients.json()) as { recipients: { id: string }[] }).recipients as [
    { id: string },
    { id: string },
  ];
  const fields = options.anaFields
    ? [
        ...options.anaFields.map((field) => ({ recipientId: ana.id, ...field })),
        { recipientId: bo.id, type: 'signature', page: 1, x: 330, y: 600 },
      ]
    : [
        // Optional where a test finishes before the signature capture is wired in (it leaves Ana's signature out).
        { recipientId: ana.id, type: 'signature', page: 1, x: 60, y: 600, required: options.signatureRequired ?? true },
        { recipientId: bo.id, type: 'signature', page: 1, x: 330, y: 600 },
        { recipientId: ana.id, type: 'dropdown', page: 2, x: 60, y: 200, label: 'Plan', options: ['Basic', 'Pro'] },
        { recipientId: ana.id, type: 'text', page: 2, x: 60, y: 300, label: 'Company' },
        { recipientId: ana.id, type: 'checkbox', page: 3, x: 60, y: 100, label: 'I accept the terms' },
        { recipientId: ana.id, type: 'name', page: 3, x: 60, y: 400 },
        { recipientId: ana.id, type: 'date', page: 3, x: 330, y: 400 },
      ];
  const placed = await owner.request.put(`/api/v1/documents/${id}/fields`, { headers, data: { fields } });
  expect(placed.status(), await placed.text()).toBe(200);
  const sent = await owner.request.post(`/api/v1/documents/${id}/send`, {
    headers,
    data: { signingOrder: 'parallel', ...(options.locale ? { locale: options.locale } : {}) },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  return { id, name, ana: { ...ana, email: emails.ana }, bo: { ...bo, email: emails.bo }, owner };
}

/** The signing address in the invitation mailed to `email` (the outbox folder: the app runs without SMTP_URL). */
export async function invitationLink(email: string): Promise<string> {
  let found: TOutboxMail | undefined;
  await expect
    .poll(
      async () =>
        (found = (await outboxMails(dataDir)).find((mail) => mail.to === email && /\/sign\//.test(mail.text))),
      { timeout: 30_000 },
    )
    .toBeTruthy();
  const mail = found as TOutboxMail;
  const url = /https?:\/\/\S+\/sign\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
  expect(url, `a signing link in ${mail.text}`).toContain(tokenIn(mail));
  return new URL(url ?? '').pathname;
}

/** A fresh link for a recipient, as the owner's "Copy link" gives it (the earlier one answers 410 replaced). */
export async function copyLink(sent: TSent, recipientId: string): Promise<string> {
  const answer = await sent.owner.request.post(`/api/v1/documents/${sent.id}/recipients/${recipientId}/link`, {
    headers: await xsrfHeaders(sent.owner),
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return new URL(((await answer.json()) as { url: string }).url).pathname;
}

export async function cancelDocument(sent: TSent): Promise<void> {
  const answer = await sent.owner.request.post(`/api/v1/documents/${sent.id}/cancel`, {
    headers: await xsrfHeaders(sent.owner),
    data: { reason: 'Wrong version' },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** The signer's page has its document drawn (the viewer marks its first painted page). */
export async function waitForDocument(page: Page): Promise<void> {
  await expect(page.locator('[data-first-page-painted]')).toBeVisible({ timeout: 30_000 });
}

/** The pressures drawWithPen sends, one per sample (a pen that presses harder, then lifts off). */
export const PEN_PRESSURES = [0.15, 0.3, 0.45, 0.6, 0.75, 0.9, 0.8, 0.65, 0.5, 0.35, 0.25, 0.2];

/**
 * Draws a wave on the signature pad with a pen that reports pressure and
 * tilt: Chromium's CDP Input.dispatchMouseEvent with pointerType "pen",
 * `force` and tiltX/tiltY, as a stylus on a tablet would.
 */
export async function drawWithPen(page: Page): Promise<void> {
  const pad = page.locator('[data-signature-pad]');
  await expect(pad).toBeVisible();
  const box = (await pad.boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const point = (index: number) => ({
    x: box.x + 20 + index * ((box.width - 40) / (PEN_PRESSURES.length - 1)),
    y: box.y + box.height / 2 + Math.sin(index / 1.5) * (box.height / 4),
  });
  const send = (type: 'mousePressed' | 'mouseMoved' | 'mouseReleased', index: number) =>
    cdp.send('Input.dispatchMouseEvent', {
      type,
      ...point(index),
      button: 'left',
      buttons: type === 'mouseReleased' ? 0 : 1,
      clickCount: 1,
      pointerType: 'pen',
      force: PEN_PRESSURES[index],
      tiltX: 25,
      tiltY: -15,
    });
  await send('mousePressed', 0);
  for (let index = 1; index < PEN_PRESSURES.length; index++) await send('mouseMoved', index);
  await send('mouseReleased', PEN_PRESSURES.length - 1);
  await cdp.detach();
}
