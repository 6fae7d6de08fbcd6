import {
  axeBuilder,
  expect,
  expectNoHorizontalOverflow,
  shoot,
  startInScheme,
  test,
  waitForHydration,
} from '../fixtures';
import { cancelDocument, copyLink, sendContract, waitForDocument } from './helpers';

/**
 * A link that no longer works says why, with the document's name and nothing
 * else; an unknown one is the signer's own "not a valid link" page (404). axe on the signer's page
 * (consent, guide, decline dialog) and on a dead link, light and dark, at
 * 390 and 1280 px. Screenshots go to test-results/ for a person to look at.
 */

test('a replaced link and a cancelled document say why; an unknown link is not valid', async ({
  browser,
  page: owner,
}) => {
  test.setTimeout(90_000);
  const sent = await sendContract(owner);
  const first = await copyLink(sent, sent.ana.id);
  const second = await copyLink(sent, sent.ana.id);
  const signer = await (await browser.newContext()).newPage();

  await signer.goto(first);
  await expect(signer.getByRole('heading', { level: 1 })).toHaveText('This link was replaced by a newer one');
  await expect(signer.locator('[data-signing-gone="replaced"]')).toContainText(sent.name);
  await expect(signer.locator('[data-signing-field], [data-document-viewer]')).toHaveCount(0);
  await expect(signer.getByText('Ana Silva')).toHaveCount(0);

  await signer.goto(second);
  await waitForDocument(signer);
  await cancelDocument(sent);
  await signer.reload();
  await expect(signer.getByRole('heading', { level: 1 })).toHaveText('This document was cancelled');
  await expect(signer.locator('[data-signing-gone="cancelled"]')).toContainText(sent.name);

  const unknown = await signer.goto(`/sign/${'A'.repeat(43)}`);
  expect(unknown?.status()).toBe(404);
  // The signer's own "not a valid link" page, not the site's not-found page with its Sign In.
  await expect(signer.locator('[data-signing-gone="unknown"]')).toBeVisible();
  await expect(signer.getByRole('heading', { level: 1 })).toHaveText('This signing link is not valid');
  await expect(signer.locator('[data-not-found]')).toHaveCount(0);
  await expect(signer.getByText(sent.name)).toHaveCount(0);
});

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [390, 1280]) {
    test(`the signer's page passes axe at ${width}px, ${scheme}`, async ({ browser, page: owner }) => {
      test.setTimeout(120_000);
      const sent = await sendContract(owner);
      const link = await copyLink(sent, sent.ana.id);
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await startInScheme(page, scheme);
      // axe on the signer's page (the fixture's builder is bound to the owner's page).
      const axe = () => axeBuilder(page);

      await page.goto(link);
      await waitForHydration(page);
      await waitForDocument(page);
      await expectNoHorizontalOverflow(page);
      expect((await axe().analyze()).violations).toEqual([]);
      await shoot(page, `signing-consent-${width}-${scheme}`, { fullPage: true });

      await page.getByLabel('I have read this disclosure').check();
      await page.getByRole('button', { name: 'Agree and continue' }).click();
      await page.getByRole('button', { name: 'Next field' }).click();
      await expect(page.locator('[data-guide-progress]')).toHaveText('Field 2 of 5');
      expect((await axe().analyze()).violations).toEqual([]);
      await shoot(page, `signing-guide-${width}-${scheme}`);

      await page.getByRole('button', { name: 'Decline to sign' }).click();
      await expect(page.getByLabel('Reason')).toBeVisible();
      await page.getByRole('button', { name: 'Decline', exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Give a reason' })).toBeVisible();
      expect((await axe().include('[role="dialog"]').analyze()).violations).toEqual([]);
      await shoot(page, `signing-decline-${width}-${scheme}`);
      await page.getByRole('button', { name: 'Keep the document' }).click();

      await cancelDocument(sent);
      await page.reload();
      await expect(page.locator('[data-signing-gone="cancelled"]')).toBeVisible();
      expect((await axe().analyze()).violations).toEqual([]);
      await shoot(page, `signing-gone-${width}-${scheme}`);
      await context.close();
    });
  }
}
