import { AFRelationship, PDFDocument, type PDFFont } from 'pdf-lib';
import { embedNotoSans } from '@/lib/server/pdf/noto-sans';
import { OBJECTS_PER_TICK } from '@/lib/server/pdf/objects-per-tick';
import { sortEmbeddedFiles } from '@/lib/server/pdf/sort-embedded-files';
import { drawFieldValue } from './draw-field';
import { inFieldSpace } from './field-space';
import type { TFlattenAttachment, TFlattenInput } from './types';

/** "scan.pdf", "scan (2).pdf": names in the attachments list must be told apart. */
export function uniqueNames(attachments: TFlattenAttachment[]): string[] {
  const seen = new Set<string>();
  return attachments.map((attachment) => {
    const dot = attachment.name.lastIndexOf('.');
    const [stem, extension] =
      dot > 0 ? [attachment.name.slice(0, dot), attachment.name.slice(dot)] : [attachment.name, ''];
    let name = attachment.name;
    for (let n = 2; seen.has(name); n++) name = `${stem} (${n})${extension}`;
    seen.add(name);
    return name;
  });
}

/**
 * Every field's value drawn into the working PDF at its place (rotated pages
 * included) and the signers' uploaded files embedded as file attachments.
 * The original's own form fields are left as they are: Signet's fields were
 * never AcroForm fields, and the seal signs the file whatever it holds.
 * Returns the document unsaved, for the caller to save or extend.
 */
export async function flattenPdf(bytes: Uint8Array, input: TFlattenInput): Promise<PDFDocument> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: OBJECTS_PER_TICK });
  await flattenInto(doc, input);
  return doc;
}

/** flattenPdf on a document already loaded (the caller keeps what it read, to write only the changes). */
export async function flattenInto(doc: PDFDocument, input: TFlattenInput): Promise<void> {
  // pdf-lib's pages wrap their existing content in q … Q before anything is drawn (autoNormalizeCTM, the default),
  // so a stream that leaves the transformation changed cannot move what is drawn here (a test keeps it so).
  let font: Promise<PDFFont> | undefined;
  const textFont = () => (font ??= embedNotoSans(doc, 'regular'));
  const pages = doc.getPages();
  const byPage = new Map<number, TFlattenInput['fields']>();
  for (const field of input.fields) byPage.set(field.page, [...(byPage.get(field.page) ?? []), field]);
  for (const [number, fields] of [...byPage].sort(([a], [b]) => a - b)) {
    const page = pages[number - 1];
    if (!page) throw new Error(`Field on page ${number}, but the PDF has ${pages.length} pages.`);
    for (const field of fields) {
      await inFieldSpace(page, field, (width, height) => drawFieldValue(doc, page, field, width, height, textFont));
    }
  }
  const names = uniqueNames(input.attachments);
  for (const [index, attachment] of input.attachments.entries()) {
    await doc.attach(attachment.bytes, names[index]!, {
      mimeType: attachment.contentType,
      description: `Attached by a signer (field ${attachment.fieldId})`,
      creationDate: input.date,
      modificationDate: input.date,
      afRelationship: AFRelationship.Supplement,
    });
  }
  if (names.length > 0) await sortEmbeddedFiles(doc);
  doc.setModificationDate(input.date);
  if (!doc.getCreationDate()) doc.setCreationDate(input.date);
  doc.setProducer('Signet');
}
