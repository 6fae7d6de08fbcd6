import 'server-only';
import { PDFArray, type PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString } from 'pdf-lib';
import { dictOf, documentRoles, tag } from './document-roles';

/** A signed signature field of the final revision: its name and its signature's ByteRange ("a b c d"). */
export type TSignedField = { name: string | null; byteRange: string | null };

/** The signature fields with a value (/V), found by walking the AcroForm as a reader does. */
export function signedFields(doc: PDFDocument): TSignedField[] {
  const roles = documentRoles(doc);
  const fields: TSignedField[] = [];
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!roles.sigFields.has(tag(ref))) continue;
    const field = dictOf(doc, object);
    const value = dictOf(doc, field?.get(PDFName.of('V')));
    if (!field || !value) continue;
    const title = field.get(PDFName.of('T'));
    const range = value.get(PDFName.of('ByteRange'));
    const numbers =
      range instanceof PDFArray
        ? range.asArray().map((item) => (item instanceof PDFNumber ? item.asNumber() : NaN))
        : [];
    fields.push({
      name: title instanceof PDFString || title instanceof PDFHexString ? title.decodeText() : null,
      byteRange: numbers.length === 4 && numbers.every(Number.isFinite) ? numbers.join(' ') : null,
    });
  }
  return fields;
}
