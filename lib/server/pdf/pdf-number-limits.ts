import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFRef,
  PDFStream,
} from 'pdf-lib';
import { AppError } from '@/lib/errors';

/**
 * pdf-lib reads every number as a JavaScript double; readers in C or C++ read
 * them into 32- or 64-bit integers, where a number too large wraps around or
 * is cut. A file that relies on such a number means one thing to us and
 * another to them: object 2^64+2 is object 2 to a reader with unsigned 64-bit
 * numbers, and a stream /Length of 10^20 is some other length (or none) to
 * every reader, while pdf-lib, finding no endstream there, looks for it
 * itself. Such files are refused: no rewrite can tell which reading was meant
 * (qpdf itself drops the stream or gives up).
 */

/** ISO 32000-1 Annex C: the most indirect objects a reader must handle; every reader holds such numbers exactly. */
export const MAX_OBJECT_NUMBER = 8_388_607;
/** The xref table's five-digit generation field. */
export const MAX_GENERATION = 65_535;

const outOfRange = (ref: PDFRef) =>
  !Number.isInteger(ref.objectNumber) ||
  ref.objectNumber < 0 ||
  ref.objectNumber > MAX_OBJECT_NUMBER ||
  !Number.isInteger(ref.generationNumber) ||
  ref.generationNumber < 0 ||
  ref.generationNumber > MAX_GENERATION;

// A double shows 2^64+2 as 18446744073709552000: past the safe range, say only its size.
const shown = (value: number) => (Number.isSafeInteger(value) ? String(value) : `of about ${value.toExponential(2)}`);

const badObjectNumber = (ref: PDFRef) =>
  new AppError(
    'UNSAFE_FILE',
    `The PDF numbers an object ${shown(ref.objectNumber)} (generation ${shown(ref.generationNumber)}), beyond the ${MAX_OBJECT_NUMBER.toLocaleString('en')} objects and ${MAX_GENERATION.toLocaleString('en')} generations that PDF readers count: some would take it for another object.`,
  );

/** Every object's number and every reference in the file stay within what readers can count. */
export function checkObjectNumbers(doc: PDFDocument): void {
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (outOfRange(ref)) throw badObjectNumber(ref);
    // Direct objects form trees (references are not followed): a stack, not recursion, for deep nesting.
    const stack: PDFObject[] = [object];
    while (stack.length) {
      const value = stack.pop()!;
      if (value instanceof PDFRef) {
        if (outOfRange(value)) throw badObjectNumber(value);
      } else if (value instanceof PDFDict) {
        for (const [, entry] of value.entries()) stack.push(entry);
      } else if (value instanceof PDFArray) {
        stack.push(...value.asArray());
      } else if (value instanceof PDFStream) {
        stack.push(value.dict);
      }
    }
  }
}

/**
 * Stream lengths: a /Length that is no integer a reader can hold is refused
 * (see above); one that points past the end of the file is a damaged file that
 * readers repair by looking for endstream, as pdf-lib did: the caller has qpdf
 * rewrite it with the true length. Answers those repair reasons.
 */
export function checkStreamLengths(doc: PDFDocument, fileSize: number): string[] {
  const pastEnd: string[] = [];
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const declared = object.dict.get(PDFName.of('Length'));
    const length = declared instanceof PDFRef ? doc.context.lookup(declared) : declared;
    if (!(length instanceof PDFNumber)) continue;
    const value = length.asNumber();
    if (!Number.isSafeInteger(value) || value < 0) {
      const written = Number.isInteger(value) ? BigInt(value).toString() : String(value);
      throw new AppError(
        'UNSAFE_FILE',
        `The PDF gives a stream (object ${ref.objectNumber}) an impossible length of ${written} bytes, which PDF readers would each read differently.`,
      );
    }
    if (value > fileSize) pastEnd.push(`object ${ref.objectNumber}'s stream length runs past the end of the file`);
  }
  return pastEnd;
}
