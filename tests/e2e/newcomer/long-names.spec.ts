import type { Locator, Page } from '@playwright/test';
import { clipName } from '@/lib/clip-name';
import { signInAs } from '../auth/helpers';
import { listAll, sendForSignature, signInToDashboard, uploadDocuments } from '../dashboard/helpers';
import { expect, setScheme, shoot, test, waitForHydration, type axeBuilder } from '../fixtures';
import { contractPdf, invitationLink } from '../signing/helpers';

/**
 * Names come from users and their files: a 240-character file name without a
 * space (an ordinary upload) used to make the dashboard 3,106 px wide at 390 px,
 * fill the document page's first screen, balloon the cancel dialog and stretch
 * the outbox table. Every page that shows one is loaded once per colour scheme
 * and checked at each width; axe runs at 390 light and 1280 dark.
 * E2E_SCREENSHOTS=<folder> keeps a picture of each at 390 and 1280 for a person to look at.
 */

const WIDTHS = [390, 768, 1280] as const;
const SCHEMES = ['light', 'dark'] as const;

const longName = `${'ACME_MSA_v12_final_FINAL_signed'.repeat(8).slice(0, 236)}.pdf`;
const longPerson = `Maximiliana${'_von_Habsburg-Lothringen'.repeat(6)}`.slice(0, 150);

type TCheck = {
  label: string;
  makeAxeBuilder: () => ReturnType<typeof axeBuilder>;
  axe?: boolean;
  after?: () => Promise<void>;
  exclude?: string;
};

/** Each scheme (a reload), then each width: nothing wider than the viewport; axe at 390 light and 1280 dark. */
async function checkLayouts(page: Page, { label, makeAxeBuilder, axe = true, after, exclude }: TCheck) {
  for (const scheme of SCHEMES) {
    await setScheme(page, scheme);
    await after?.();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
          timeout: 15_000,
          message: `${label} overflows at ${width} px, ${scheme}`,
        })
        .toBeLessThanOrEqual(0);
      if (axe && ((width === 390 && scheme === 'light') || (width === 1280 && scheme === 'dark'))) {
        const builder = makeAxeBuilder();
        expect(
          (await (exclude ? builder.exclude(exclude) : builder).analyze()).violations,
          `${label}, ${width} px ${scheme}`,
        ).toEqual([]);
      }
      if (width !== 768) await shoot(page, `long-names-${label}-${width}-${scheme}`);
    }
  }
}

/**
 * The whole name is the hover tip and in the accessible name (`named`: a heading, link or dialog) or the text a
 * screen reader reads (a paragraph has no name), though what is shown is cut.
 */
async function expectWholeName(target: Locator, name: string, named = true) {
  await (named ? expect(target).toHaveAccessibleName(name) : expect(target).toHaveText(name));
  await expect(target.locator(`xpath=descendant-or-self::*[@title="${name}"]`).first()).toBeAttached();
}

test('a 240-character document name and a long recipient name keep every owner page, dialog, the signing page and the outbox within the screen', async ({
  page,
  makeAxeBuilder,
}) => {
  test.setTimeout(480_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToDashboard(page, 'long-names');

  // The upload names the file under way: the request is held until the layout is checked, then dropped.
  await page.goto('/welcome');
  await waitForHydration(page);
  let drop = () => {};
  await page.route(
    '**/api/documents',
    (route) => new Promise<void>((done) => (drop = () => void route.abort().then(done))),
  );
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: longName, mimeType: 'application/pdf', buffer: await contractPdf() });
  const uploading = page.locator('[data-upload-file]');
  await expect(uploading).toHaveText(longName);
  await expect(uploading).toHaveAttribute('title', longName);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
        timeout: 15_000,
        message: `upload overflows at ${width} px`,
      })
      .toBeLessThanOrEqual(0);
    if (width !== 768) await shoot(page, `long-names-upload-${width}`);
  }
  drop();
  await expect(page.locator('[data-upload-error]')).toHaveAttribute('title', longName);
  await page.unroute('**/api/documents');
  await page.setViewportSize({ width: 1280, height: 900 });

  await uploadDocuments(page, [longName]);
  const [doc] = await listAll(page);
  const name = doc?.name ?? '';
  expect(name.length).toBeGreaterThanOrEqual(236);

  // The draft, where an upload lands.
  await page.goto(new URL(doc?.url ?? '').pathname);
  await expectWholeName(page.getByRole('heading', { level: 1 }), name);
  await checkLayouts(page, { label: 'draft', makeAxeBuilder, axe: false });

  const signerEmail = `${'signer-with-a-long-address'.repeat(2)}@example.com`;
  await sendForSignature(page, doc?.id ?? '', { name: longPerson, email: signerEmail });

  // The dashboard: the row's actions stay on screen, the name is cut.
  await page.goto('/dashboard');
  const row = page.getByRole('list', { name: 'Your documents' }).getByRole('listitem').first();
  await expectWholeName(row.getByRole('link', { name }), name);
  await expect(row.locator(`[title="${longPerson}"]`)).toBeVisible();
  await checkLayouts(page, { label: 'dashboard', makeAxeBuilder });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect(row.getByRole('button', { name: `Actions for ${name}` })).toBeInViewport({ ratio: 1 });
  }

  // The cancel dialog and the one that explains why a pending document cannot be deleted.
  const openFromRow = (item: string) => async () => {
    await waitForHydration(page);
    await page
      .getByRole('list', { name: 'Your documents' })
      .getByRole('button', { name: /^Actions for / })
      .first()
      .click();
    await page.getByRole('menuitem', { name: item }).click();
  };
  await checkLayouts(page, { label: 'cancel-dialog', makeAxeBuilder, after: openFromRow('Cancel…') });
  await expectWholeName(page.getByRole('dialog'), `Cancel “${name}”?`);
  await checkLayouts(page, { label: 'delete-dialog', makeAxeBuilder, after: openFromRow('Delete…') });
  await expectWholeName(page.getByRole('dialog'), `“${name}” is out for signature`);

  // The document page: title, details and the recipient's progress.
  await page.goto(new URL(doc?.url ?? '').pathname);
  await expectWholeName(page.getByRole('heading', { level: 1 }), name);
  await expect(page.locator(`dd [title="${name}"]`)).toBeVisible();
  await expect(page.locator(`[data-recipient-status] [title="${longPerson}"]`)).toBeVisible();
  const title = await page.getByRole('heading', { level: 1 }).boundingBox();
  // Two lines of the heading at most, not the first screen.
  expect(title?.height ?? 0).toBeLessThan(100);
  await checkLayouts(page, { label: 'document', makeAxeBuilder });

  // The signer's page.
  await page.goto(await invitationLink(signerEmail));
  await expectWholeName(page.getByRole('heading', { level: 1 }), name);
  await checkLayouts(page, { label: 'signing', makeAxeBuilder });

  // The administrator's outbox: the invitation's subject carries the name cut to 80 characters.
  await page.context().clearCookies();
  await signInAs(page, 'admin', '/admin/outbox');
  const subject = page
    .getByRole('region', { name: 'Mail outbox' })
    .getByRole('link', { name: clipName(name) })
    .first();
  await expect(subject).toBeVisible();
  const subjectText = (await subject.textContent()) ?? '';
  expect(subjectText).not.toContain(name);
  await checkLayouts(page, { label: 'outbox', makeAxeBuilder });
  await subject.click();
  await expectWholeName(page.getByRole('heading', { level: 1 }), subjectText);
  await checkLayouts(page, { label: 'outbox-mail', makeAxeBuilder, exclude: 'iframe' });
});

test('the validator names a dropped file with a 240-character name within the screen', async ({
  page,
  makeAxeBuilder,
}) => {
  test.setTimeout(120_000);
  await page.goto('/validator');
  await waitForHydration(page);
  await page
    .getByTestId('validator-file')
    .setInputFiles({ name: longName, mimeType: 'application/pdf', buffer: await contractPdf() });
  const verdict = page.locator('[data-verdict]');
  await expect(verdict).toHaveAttribute('data-verdict', 'unsigned');
  await expectWholeName(verdict.getByText(/^Result for /), `Result for ${longName}`, false);
  // The result is client state: a reload would lose it, so the schemes are switched in place.
  for (const scheme of SCHEMES) {
    await page.evaluate((dark) => window.document.documentElement.classList.toggle('dark', dark), scheme === 'dark');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
          timeout: 15_000,
          message: `validator overflows at ${width} px, ${scheme}`,
        })
        .toBeLessThanOrEqual(0);
      if ((width === 390 && scheme === 'light') || (width === 1280 && scheme === 'dark')) {
        expect((await makeAxeBuilder().analyze()).violations, `validator, ${width} px ${scheme}`).toEqual([]);
      }
      if (width !== 768) await shoot(page, `long-names-validator-${width}-${scheme}`);
    }
  }
});
