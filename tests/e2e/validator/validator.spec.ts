import { P12Signer, PDF } from '@libpdf/core';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { makeTestPki, type TTestPki } from '../../fixtures/test-pki';
import { expect, test } from '../fixtures';

/** A PDF made in the test: one page of text, signed by a throwaway CA's leaf (unknown to the server: valid but untrusted). */
async function pdfs(pki: TTestPki) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([400, 300]).drawText('Lease agreement', { x: 40, y: 200, size: 18, font });
  const unsigned = await doc.save({ useObjectStreams: false });
  const signed = (await (await PDF.load(unsigned)).sign({ signer: await P12Signer.create(pki.p12, pki.password) }))
    .bytes;
  const later = await PDF.load(signed);
  later.addPage({ width: 400, height: 300 });
  const modified = await later.save({ incremental: true });
  return { unsigned, signed, modified };
}

const asFile = (name: string, bytes: Uint8Array) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from(bytes) });

test('drop a signed, a modified and an unsigned PDF: Valid, Modified after signing, Not signed', async ({
  page,
  makeAxeBuilder,
}) => {
  const files = await pdfs(makeTestPki('E2E Root'));
  await page.goto('/validator');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check a signed PDF');
  expect((await makeAxeBuilder().analyze()).violations).toEqual([]);

  // Dropped onto the zone, as a person drags a file from their desktop.
  const drop = await page.evaluateHandle(
    ({ name, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type: 'application/pdf' }));
      return transfer;
    },
    { name: 'lease-signed.pdf', base64: Buffer.from(files.signed).toString('base64') },
  );
  await page.getByTestId('validator-drop').dispatchEvent('drop', { dataTransfer: drop });
  const verdict = page.locator('[data-verdict]');
  await expect(verdict).toHaveAttribute('data-verdict', 'valid');
  await expect(page.getByRole('heading', { level: 2, name: 'Valid' })).toBeVisible();
  await expect(
    page.getByText('The signature is intact, but we cannot confirm who the signer’s certificate belongs to.'),
  ).toBeVisible();
  await expect(page.getByText('CN=Test Signer, O=Signet Tests').first()).toBeVisible();
  expect((await makeAxeBuilder().analyze()).violations).toEqual([]);

  // Keyboard: "Check another PDF", then the button that opens the file chooser.
  await page.getByRole('button', { name: 'Check another PDF' }).press('Enter');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a PDF' }).focus();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(asFile('lease-modified.pdf', files.modified));
  await expect(verdict).toHaveAttribute('data-verdict', 'modified');
  await expect(page.getByRole('heading', { level: 2, name: 'Modified after signing' })).toBeVisible();
  await expect(page.getByText('Content changed').first()).toBeVisible();

  await page.getByRole('button', { name: 'Check another PDF' }).click();
  await page.getByTestId('validator-file').setInputFiles(asFile('lease.pdf', files.unsigned));
  await expect(verdict).toHaveAttribute('data-verdict', 'unsigned');
  await expect(page.getByRole('heading', { level: 2, name: 'Not signed' })).toBeVisible();

  // A file that is not a PDF is refused with a plain sentence.
  await page.getByRole('button', { name: 'Check another PDF' }).click();
  await page
    .getByTestId('validator-file')
    .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some text') });
  await expect(page.getByRole('alert').filter({ hasText: 'not a PDF' })).toHaveText(
    'This file is not a PDF. The validator checks PDF files only.',
  );
});

test("the Validator feature card leads to /validator, in the reader's language", async ({ page }) => {
  await page.goto('/pt');
  await page.locator('#Solutions a[href="/pt/validator"]').first().click();
  await expect(page).toHaveURL(/\/pt\/validator$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verificar um PDF assinado');
});
