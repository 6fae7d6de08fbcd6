import { PDFArray, PDFDict, type PDFDocument, PDFName, type PDFObject, PDFRef } from 'pdf-lib';
import { AppError } from '@/lib/errors';

const malformed = (why: string) => new AppError('CORRUPT_FILE', `The PDF page tree is malformed (${why}).`);

/**
 * Counts pages by walking the page tree ourselves before pdf-lib does: its
 * walk follows every reference, so a tree whose nodes are shared (each level
 * listing the same child twice) makes it visit 2^depth pages, and a cycle
 * never ends. We visit each node once, refuse shared or cyclic nodes, and stop
 * as soon as the count passes maxPages.
 */
export function countPages(doc: PDFDocument, maxPages: number): number {
  const root = doc.catalog.get(PDFName.of('Pages'));
  const seen = new Set<PDFObject>();
  const stack: PDFObject[] = root ? [root] : [];
  let pages = 0;
  while (stack.length) {
    const ref = stack.pop()!;
    const node = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
    if (!(node instanceof PDFDict)) throw malformed('a node is not a dictionary');
    if (seen.has(node)) throw malformed('a node appears twice');
    seen.add(node);
    const kids = node.get(PDFName.of('Kids'));
    const resolvedKids = kids instanceof PDFRef ? doc.context.lookup(kids) : kids;
    if (resolvedKids instanceof PDFArray) {
      // One by one: spreading a 200,000-entry Kids array into push() overflows the call stack.
      for (const kid of resolvedKids.asArray()) stack.push(kid);
      continue;
    }
    pages++;
    if (pages > maxPages) {
      throw new AppError('TOO_MANY_PAGES', `The PDF has more than ${maxPages} pages; at most ${maxPages} are allowed.`);
    }
  }
  return pages;
}
