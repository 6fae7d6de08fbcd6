import type { Browser, Page } from '@playwright/test';
import type { TDocumentDetails } from '@/lib/api/v1/documents';
import { withDb } from '../dashboard/helpers';
import {
  axeBuilder,
  expect,
  expectNoHorizontalOverflow,
  shoot,
  startInScheme,
  test,
  waitForHydration,
} from '../fixtures';
import { markCompleted } from '../finalize/helpers';
import { cancelDocument, copyLink, sendContract, type TSent } from './helpers';

/**
 * A link that does not open a document shows the signer a page of its own per
 * state (unknown, completed, declined, cancelled, expired, replaced), in the
 * link's language, with no way into the app; and a declined document offers
 * its owner "Correct and send again". Screenshots go to /tmp for a person to look at.
 */

const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

/** The signer declines through their own endpoint, as the page's Decline does. */
async function declineAs(browser: Browser, link: string, reason: string) {
  const context = await browser.newContext();
  const answer = await context.request.post(`/api/v1/signing/${tokenOf(link)}/decline`, { data: { reason } });
  expect(answer.status(), await answer.text()).toBe(200);
  await context.close();
}

async function details(owner: Page, id: string): Promise<TDocumentDetails> {
  const answer = await owner.request.get(`/api/v1/documents/${id}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as TDocumentDetails;
}

/** Opens a link on the signer's page and checks its state page: heading, the document's name, nothing to sign in to. */
async function expectState(
  page: Page,
  link: string,
  state: string,
  heading: string,
  name: string | null,
  shot: string,
) {
  const answer = await page.goto(link);
  expect(answer?.status()).toBe(state === 'unknown' ? 404 : 200);
  await expect(page.locator(`[data-signing-gone="${state}"]`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  if (name) await expect(page.locator('[data-signing-gone]')).toContainText(name);
  await expect(page.getByRole('link', { name: /sign in|entrar/i })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /sign in|entrar/i })).toHaveCount(0);
  await expect(page.locator('[data-signing-field], [data-document-viewer], [data-not-found]')).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await shoot(page, `link-state-${shot}`, { fullPage: true });
}

test("each state of a signing link has its own page, in the link's language, axe clean at 390 px light and 1280 px dark", async ({
  browser,
  page: owner,
}) => {
  test.setTimeout(180_000);
  // One document for replaced, expired and completed, one in Portuguese declined, one cancelled.
  const first = await sendContract(owner);
  const stale = await copyLink(first, first.ana.id);
  const current = await copyLink(first, first.ana.id);
  // sendContract signs a new owner in: each document's owner has a browser of their own.
  const anotherOwner = async () => (await browser.newContext()).newPage();
  const portuguese = await sendContract(await anotherOwner(), { locale: 'pt' });
  const anaPt = await copyLink(portuguese, portuguese.ana.id);
  const boPt = await copyLink(portuguese, portuguese.bo.id);
  expect(boPt).toMatch(/^\/pt\/sign\//);
  const cancelled = await sendContract(await anotherOwner());
  const cancelledLink = await copyLink(cancelled, cancelled.bo.id);
  await cancelDocument(cancelled);
  await declineAs(browser, anaPt, 'O preço está errado.');

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const signer = await phone.newPage();
  await startInScheme(signer, 'light');

  await expectState(
    signer,
    `/sign/${'A'.repeat(43)}`,
    'unknown',
    'This signing link is not valid',
    null,
    'unknown-390-light',
  );
  await waitForHydration(signer);
  expect((await axeBuilder(signer).analyze()).violations).toEqual([]);
  await expectState(
    signer,
    stale,
    'replaced',
    'This link was replaced by a newer one',
    first.name,
    'replaced-390-light',
  );
  await expectState(
    signer,
    cancelledLink,
    'cancelled',
    'This document was cancelled',
    cancelled.name,
    'cancelled-390-light',
  );

  // Past its deadline (the expiry job has not run yet): expired at once.
  withDb((db) =>
    db
      .prepare('UPDATE "Document" SET "expiresAt" = ? WHERE "id" = ?')
      .run(new Date(Date.now() - 60_000).toISOString().replace('Z', '+00:00'), first.id),
  );
  await expectState(signer, current, 'expired', 'This signing link has expired', first.name, 'expired-390-light');
  // Sealed, Ana's part signed: the document is complete, not "wait for the others".
  markCompleted(first.id);
  await expectState(signer, current, 'completed', 'This document is complete', first.name, 'completed-390-light');
  await expect(signer.getByText('When everyone has signed')).toHaveCount(0);
  // Last: a /pt link remembers Portuguese for this browser, which English (unprefixed) links then follow.
  await expectState(signer, boPt, 'declined', 'Este documento foi recusado', portuguese.name, 'declined-pt-390-light');
  await expect(signer.locator('html')).toHaveAttribute('lang', 'pt');
  expect((await axeBuilder(signer).analyze()).violations).toEqual([]);
  await phone.close();

  const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const wide = await desktop.newPage();
  await startInScheme(wide, 'dark');
  await expectState(wide, current, 'completed', 'This document is complete', first.name, 'completed-1280-dark');
  await waitForHydration(wide);
  await expect(wide.locator('html')).toHaveClass(/\bdark\b/);
  expect((await axeBuilder(wide).analyze()).violations).toEqual([]);
  await expectState(
    wide,
    `/sign/${'B'.repeat(43)}`,
    'unknown',
    'This signing link is not valid',
    null,
    'unknown-1280-dark',
  );
  expect((await axeBuilder(wide).analyze()).violations).toEqual([]);
  await desktop.close();
});

test('a declined document offers "Correct and send again": a draft with the same recipients and fields, the decline beside it', async ({
  browser,
  page: owner,
}) => {
  test.setTimeout(120_000);
  const sent: TSent = await sendContract(owner);
  await declineAs(browser, await copyLink(sent, sent.ana.id), 'The price is wrong.');
  const declined = await details(owner, sent.id);
  expect(declined.status).toBe('declined');

  await owner.goto(new URL(declined.url).pathname);
  await waitForHydration(owner);
  // Bo had not acted: no longer asked, so not "Sent".
  const bo = owner.locator('li[data-recipient-status]').filter({ hasText: 'Bo Novak' });
  await expect(bo).toContainText('Not needed');
  await expect(bo).not.toContainText('Sent');
  await shoot(owner, 'correct-declined-1280');
  await owner.getByRole('button', { name: 'Correct and send again' }).click();
  await expect(owner).not.toHaveURL(new URL(declined.url).pathname);
  await expect(owner).toHaveURL(/\/document\/[\w-]+$/);
  const notice = owner.locator('[data-correction-notice]');
  await expect(notice).toContainText(`Declined by Ana Silva (${sent.ana.email}): The price is wrong.`);
  await shoot(owner, 'correction-draft-1280');

  const source = await details(owner, sent.id);
  expect(source.correctedBy).not.toBeNull();
  const draft = await details(owner, source.correctedBy!.id);
  expect(draft.status).toBe('draft');
  expect(new URL(draft.url).pathname).toBe(new URL(owner.url()).pathname);
  expect(draft.recipients.map(({ name, email, role }) => ({ name, email, role }))).toEqual(
    declined.recipients.map(({ name, email, role }) => ({ name, email, role })),
  );
  const emailOf = (document: TDocumentDetails, id: string | null) =>
    document.recipients.find((recipient) => recipient.id === id)?.email;
  const shape = (document: TDocumentDetails) =>
    document.fields.map(({ type, page, x, y, width, height, recipientId }) => ({
      type,
      page,
      x,
      y,
      width,
      height,
      to: emailOf(document, recipientId),
    }));
  expect(shape(draft)).toEqual(shape(declined));
  expect(draft.correctedFrom).toMatchObject({
    id: sent.id,
    declinedBy: { name: 'Ana Silva', email: sent.ana.email },
    declineReason: 'The price is wrong.',
  });

  // The dashboard row's menu offers it too; the document is corrected already, so it opens that draft.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    storageState: await owner.context().storageState(),
  });
  const small = await phone.newPage();
  await small.goto('/dashboard');
  await waitForHydration(small);
  // The draft has the same name: the declined document's row.
  await small
    .locator(`li[data-document="${sent.id}"]`)
    .getByRole('button', { name: `Actions for ${sent.name}` })
    .click();
  await small.getByRole('menuitem', { name: 'Correct and send again' }).click();
  await expect(small).toHaveURL(new RegExp(`${new URL(draft.url).pathname}$`));
  await expect(small.locator('[data-correction-notice]')).toContainText('The price is wrong.');
  await expectNoHorizontalOverflow(small);
  await shoot(small, 'correction-draft-390', { fullPage: true });
  await phone.close();
  expect((await details(owner, sent.id)).correctedBy?.id).toBe(draft.id);
  // Still one correction.
  expect(
    withDb(
      (db) =>
        (db.prepare('SELECT COUNT(*) AS n FROM "Document" WHERE "correctedFromId" = ?').get(sent.id) as { n: number })
          .n,
    ),
  ).toBe(1);
});
