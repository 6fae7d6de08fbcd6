import 'server-only';
import { type PDFDocument, PDFHexString, PDFName, type PDFObject, PDFRawStream, PDFString } from 'pdf-lib';
import { decodeStreamCapped } from '@/lib/server/pdf/pdf-inflate-guard';
import { arrayOf, dictOf, resolve } from './document-roles';

const MAX_FILE_BYTES = 8 * 1024 * 1024;
const MAX_NODES = 2000;

const text = (value: PDFObject | undefined) =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : null;

/**
 * The embedded files named `names` (the catalog's EmbeddedFiles name tree,
 * where pdf-lib's attach() puts them), decoded; a file that decodes past
 * 8 MB (decoding stops there: a few hundred KB of deflated zeros may claim
 * gigabytes) or that cannot be decoded is left out.
 */
export function readEmbeddedFiles(doc: PDFDocument, names: string[]): Map<string, Uint8Array> {
  const found = new Map<string, Uint8Array>();
  const catalog = dictOf(doc, doc.context.trailerInfo.Root);
  const tree = dictOf(doc, dictOf(doc, catalog?.get(PDFName.of('Names')))?.get(PDFName.of('EmbeddedFiles')));
  const stack = tree ? [tree] : [];
  for (let visited = 0; stack.length > 0 && visited < MAX_NODES; visited++) {
    const node = stack.pop();
    for (const kid of arrayOf(doc, node?.get(PDFName.of('Kids')))?.asArray() ?? []) {
      const dict = dictOf(doc, kid);
      if (dict) stack.push(dict);
    }
    const pairs = arrayOf(doc, node?.get(PDFName.of('Names')))?.asArray() ?? [];
    for (let i = 0; i + 1 < pairs.length; i += 2) {
      const name = text(resolve(doc, pairs[i]));
      if (!name || !names.includes(name) || found.has(name)) continue;
      const spec = dictOf(doc, pairs[i + 1]);
      const stream = resolve(doc, dictOf(doc, spec?.get(PDFName.of('EF')))?.get(PDFName.of('F')));
      if (!(stream instanceof PDFRawStream)) continue;
      // A damaged or oversized attachment is simply not evidence.
      const bytes = decodeStreamCapped(doc, stream, MAX_FILE_BYTES);
      if (bytes instanceof Uint8Array) found.set(name, bytes);
    }
  }
  return found;
}
