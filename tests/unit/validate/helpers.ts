import { P12Signer as LibpdfP12Signer, PDF, type PAdESLevel } from '@libpdf/core';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import signpdf from '@signpdf/signpdf';
import { P12Signer } from '@signpdf/signer-p12';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { RfcTimestampClient } from '@/lib/server/pdf/seal/tsa-client';
import { pemToDer, type TTrustAnchors } from '@/lib/server/validate/trust-anchors';
import type { TTestPki } from '@/tests/fixtures/test-pki';
import type { TTsaServer } from '@/tests/fixtures/tsa-server';

/** A small unsigned PDF with text on `pages` pages. */
export async function plainPdf(pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++)
    doc.addPage([400, 300]).drawText(`Contract page ${i + 1}`, { x: 40, y: 200, size: 18, font });
  return doc.save({ useObjectStreams: false });
}

/** Signed by the product's own library (@libpdf/core), CAdES detached; timestamps asked of `tsa` by the client Signet seals with. */
export async function signWithLibpdf(
  bytes: Uint8Array,
  pki: TTestPki,
  options: { level?: PAdESLevel; tsa?: TTsaServer } = {},
): Promise<Uint8Array> {
  const pdf = await PDF.load(bytes);
  const signer = await LibpdfP12Signer.create(pki.p12, pki.password);
  const result = await pdf.sign({
    signer,
    level: options.level,
    timestampAuthority: options.tsa && new RfcTimestampClient(options.tsa.url),
    estimatedSize: 20_000,
  });
  return result.bytes;
}

/** A document timestamp appended by libpdf (a permitted update after a signature). */
export async function addDocumentTimestamp(bytes: Uint8Array, tsa: TTsaServer): Promise<Uint8Array> {
  const pdf = await PDF.load(bytes);
  return (await pdf.addTimestamp({ timestampAuthority: new RfcTimestampClient(tsa.url) })).bytes;
}

/** Signed outside the product: @signpdf's placeholder and signer, adbe.pkcs7.detached. */
export async function signWithSignpdf(bytes: Uint8Array, pki: TTestPki): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes);
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: 'Agreed',
    contactInfo: 'test@example.com',
    name: 'Test Signer',
    location: 'Lisbon',
    signatureLength: 16_384,
  });
  const prepared = await doc.save({ useObjectStreams: false });
  const signer = new P12Signer(Buffer.from(pki.p12), { passphrase: pki.password });
  return new Uint8Array(await signpdf.sign(Buffer.from(prepared), signer));
}

/** An incremental update by pdf-lib-free hand: a new page object appended after the signature, as an attacker would. */
export async function appendPage(bytes: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDF.load(bytes);
  pdf.addPage({ width: 400, height: 300 });
  return pdf.save({ incremental: true });
}

/** The trust anchors of a test: the given roots as "instance" (this instance's CA) or "system". */
export function anchors(options: { instance?: string[]; system?: string[] } = {}): TTrustAnchors {
  return { instance: (options.instance ?? []).flatMap(pemToDer), system: (options.system ?? []).flatMap(pemToDer) };
}

/** `bytes` with the byte at `at` changed. */
export function flip(bytes: Uint8Array, at: number): Uint8Array {
  const copy = bytes.slice();
  copy[at] = (copy[at] as number) ^ 0x01;
  return copy;
}

/** A PDF with one text field ("name"), to sign and then fill. */
export async function formPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([400, 300]);
  doc.getForm().createTextField('name').addToPage(page, { x: 40, y: 150, width: 200, height: 24 });
  return doc.save({ useObjectStreams: false });
}

/** Fills the "name" field in an incremental update (after a signature: a form fill). */
export async function fillField(bytes: Uint8Array, value: string): Promise<Uint8Array> {
  const pdf = await PDF.load(bytes);
  const field = pdf.getForm()?.getField('name') as unknown as { setValue(text: string): void } | null;
  if (!field) throw new Error('no field "name"');
  field.setValue(value);
  return pdf.save({ incremental: true });
}

/** Adds a sticky note in an incremental update (after a signature: an annotation). */
export async function addNote(bytes: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDF.load(bytes);
  pdf.getPage(0)?.addTextAnnotation({ rect: { x: 20, y: 20, width: 20, height: 20 }, contents: 'Looks good' });
  return pdf.save({ incremental: true });
}

/** The offset of the ByteRange's gap (the Contents string) of the first signature. */
export function contentsRange(bytes: Uint8Array): { start: number; end: number } {
  const text = Buffer.from(bytes).toString('latin1');
  const match = /\/ByteRange\s*\[\s*0\s+(\d+)\s+(\d+)/.exec(text);
  if (!match) throw new Error('no ByteRange');
  return { start: Number(match[1]), end: Number(match[2]) };
}
