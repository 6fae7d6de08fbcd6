import { listAll, markPending, signInToDashboard, toasts, uploadDocuments } from '../dashboard/helpers';
import {
  axeBuilder,
  expect,
  expectNoHorizontalOverflow,
  expectScheme,
  shoot,
  startInScheme,
  storeScheme,
  test,
  waitForHydration,
} from '../fixtures';
import { invitationLink, sendContract, waitForDocument } from '../signing/helpers';
import { markCompleted, markSealingFailed, markSigned, queueFinalizeLater } from './helpers';

const TSA_ERROR = 'The timestamp authority did not answer (https://tsa.example.com): connection refused.';

const LAYOUTS = (['light', 'dark'] as const).flatMap((scheme) => [390, 1280].map((width) => ({ scheme, width })));

/**
 * The owner's side of a finished document: dashboard downloads and states, the workspace's seal, a retry.
 * One owner with one completed and one failed document for every layout, each layout a step (a failure still
 * names it): the owner's sign-in, uploads and first dashboard cost about as much as a layout's own checks, and
 * the checks only look (a menu opened and closed), so each layout sees what the first one saw.
 */
test('completed and failed seals on the dashboard and in the workspace pass axe at 390 and 1280 px, light and dark', async ({
  page,
  makeAxeBuilder,
}) => {
  test.setTimeout(LAYOUTS.length * 120_000);
  await signInToDashboard(page, 'finalize-ui');
  await uploadDocuments(page, ['Lease agreement.pdf', 'Supplier contract.pdf']);
  const documents = await listAll(page);
  const lease = documents.find((document) => document.name.startsWith('Lease'))!;
  const supplier = documents.find((document) => document.name.startsWith('Supplier'))!;
  markPending(lease.id, { name: 'Lia Tenant', email: 'lia@example.com' });
  markPending(supplier.id, { name: 'Sam Supplier', email: 'sam@example.com' });
  markCompleted(lease.id);
  markSealingFailed(supplier.id, TSA_ERROR);

  for (const { scheme, width } of LAYOUTS) {
    await test.step(`${width}px, ${scheme}`, async () => {
      await storeScheme(page, scheme);
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/dashboard');
      await waitForHydration(page);
      await expectScheme(page, scheme);
      const rows = page.getByRole('list', { name: 'Your documents' }).getByRole('listitem');
      const leaseRow = rows.filter({ hasText: 'Lease agreement' });
      await expect(leaseRow).toContainText(/Completed .+/);
      for (const kind of ['Original', 'Sealed PDF', 'Certificate'])
        await expect(leaseRow.getByRole('link', { name: `Download the ${kind} of Lease agreement.pdf` })).toBeVisible();
      const supplierRow = rows.filter({ hasText: 'Supplier contract' });
      await expect(supplierRow).toContainText(`The seal failed: ${TSA_ERROR}`);
      await expect(supplierRow.getByRole('button', { name: 'Retry sealing' })).toBeVisible();
      await expectNoHorizontalOverflow(page);
      expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
      await shoot(page, `dashboard-finalize-${width}-${scheme}`, { fullPage: true });

      await leaseRow.getByRole('button', { name: /^Actions for / }).click();
      await expect(page.getByRole('menuitem', { name: 'Download the sealed PDF' })).toBeVisible();
      expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
      await page.keyboard.press('Escape');

      await page.goto(new URL(lease.url).pathname);
      const seal = page.getByRole('region', { name: 'Sealed' });
      await expect(seal).toContainText('PAdES B-LTA (long-term, archived)');
      await expect(seal.getByRole('link', { name: 'Sealed PDF' })).toBeVisible();
      await expect(seal.getByRole('link', { name: 'Validate a copy' })).toHaveAttribute('href', '/validator');
      await expect(page.locator('[data-first-page-painted]')).toBeVisible({ timeout: 30_000 });
      await expectNoHorizontalOverflow(page);
      expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
      await shoot(page, `workspace-sealed-${width}-${scheme}`, { fullPage: true });

      await page.goto(new URL(supplier.url).pathname);
      await expect(page.getByRole('region', { name: 'The seal failed' })).toContainText(TSA_ERROR);
      expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
      await shoot(page, `workspace-failed-${width}-${scheme}`, { fullPage: true });
    });
  }
});

test('Retry sealing queues the seal again with a toast; a second retry is refused with the reason; downloads answer PDFs', async ({
  page,
}) => {
  await signInToDashboard(page, 'finalize-retry');
  await uploadDocuments(page, ['Retry me.pdf', 'Sealed one.pdf']);
  const documents = await listAll(page);
  const failed = documents.find((document) => document.name.startsWith('Retry'))!;
  const sealed = documents.find((document) => document.name.startsWith('Sealed'))!;
  markPending(failed.id, { name: 'Rita', email: 'rita@example.com' });
  markSealingFailed(failed.id, TSA_ERROR);
  markPending(sealed.id, { name: 'Sol', email: 'sol@example.com' });
  markCompleted(sealed.id);
  await page.goto('/dashboard');
  await waitForHydration(page);
  const row = page.getByRole('list', { name: 'Your documents' }).getByRole('listitem').filter({ hasText: 'Retry me' });
  await row.getByRole('button', { name: 'Retry sealing' }).click();
  await expect(toasts(page)).toContainText('“Retry me.pdf” is being sealed again.');
  // A retry already waiting for its backoff: a second one is refused and the toast says why.
  markSealingFailed(sealed.id, TSA_ERROR);
  queueFinalizeLater(sealed.id);
  await page.reload();
  await waitForHydration(page);
  await page
    .getByRole('list', { name: 'Your documents' })
    .getByRole('listitem')
    .filter({ hasText: 'Sealed one' })
    .getByRole('button', { name: 'Retry sealing' })
    .click();
  await expect(toasts(page)).toContainText('“Sealed one.pdf” was not queued for sealing.');
  await expect(toasts(page)).toContainText('A new attempt to seal this document is already under way.');
  markCompleted(sealed.id);
  await page.reload();
  await waitForHydration(page);

  const href = await page.getByRole('link', { name: 'Download the Sealed PDF of Sealed one.pdf' }).getAttribute('href');
  const download = await page.request.get(href!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/pdf');
  expect(download.headers()['content-disposition']).toContain('Sealed%20one-sealed.pdf');
});

test("the last signer's done page says the sealed PDF is on its way; an earlier one's says it comes when everyone has signed", async ({
  browser,
  page: owner,
}) => {
  test.setTimeout(120_000);
  for (const [last, width, scheme] of [
    [true, 390, 'dark'],
    [false, 1280, 'light'],
  ] as const) {
    // Each document from a new owner (sendContract signs one in).
    const sender = last ? owner : await (await browser.newContext()).newPage();
    const sent = await sendContract(sender, {
      anaFields: [
        { type: 'signature', page: 1, x: 60, y: 600, required: false },
        { type: 'text', page: 1, x: 60, y: 200, label: 'Company' },
      ],
    });
    if (last) markSigned(sent.bo.id);
    const context = await browser.newContext({ viewport: { width, height: 844 }, colorScheme: scheme });
    const page = await context.newPage();
    await startInScheme(page, scheme);
    await page.goto(await invitationLink(sent.ana.email));
    await waitForDocument(page);
    await page.getByLabel('I have read this disclosure').check();
    await page.getByRole('button', { name: 'Agree and continue' }).click();
    // Finishing with the company empty goes to it first.
    await page.getByRole('button', { name: 'Finish', exact: true }).click();
    await expect(page.locator('[data-signing-field][data-active]')).toHaveAttribute('data-field-type', 'text');
    await page.locator('[data-guide-field] input').fill('Acme Lda');
    await page.getByRole('button', { name: 'Finish', exact: true }).click();
    await page.getByRole('button', { name: 'Confirm and sign' }).click();
    const done = page.locator('[data-signing-done="signed"]');
    await expect(done).toContainText(
      last
        ? 'You were the last to sign: the document is being sealed now'
        : 'When everyone has signed, the document is sealed and the sealed PDF is emailed to you.',
    );
    expect((await axeBuilder(page).analyze()).violations).toEqual([]);
    await shoot(page, `signing-done-${last ? 'last' : 'first'}-${width}-${scheme}`);
    await context.close();
  }
});
