import { PDFArray, PDFDict, type PDFDocument, PDFName, type PDFObject, PDFRef, PDFStream } from 'pdf-lib';

/**
 * JavaScript (and other self-running actions) inside a PDF: where it hides and
 * how we take it out. Scripts live in action dictionaries (/S /JavaScript with
 * a /JS body) reached from the catalog's /OpenAction and /Names /JavaScript
 * tree, from /AA (additional actions) of pages, annotations and form fields, and
 * from link /A and /Next chains; XFA forms carry their own scripts.
 */

// Actions that run something or send data without the reader asking for it.
const DANGEROUS_ACTIONS = new Set([
  'JavaScript',
  'Launch',
  'SubmitForm',
  'ImportData',
  'RichMediaExecute',
  'Rendition',
]);

/**
 * Name text with every #xx escape decoded, case-insensitively and repeatedly:
 * pdf-lib decodes only upper-case hex once, while readers accept /#4aS as /JS.
 */
export function plainName(name: PDFName): string {
  let text = name.asString().slice(1);
  for (let i = 0; i < 3 && text.includes('#'); i++) {
    text = text.replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return text;
}

function entry(dict: PDFDict, key: string): [PDFName, PDFObject] | undefined {
  return dict.entries().find(([name]) => plainName(name) === key);
}

function asDict(doc: PDFDocument, value: PDFObject | undefined): PDFDict | undefined {
  const resolved = value instanceof PDFRef ? doc.context.lookup(value) : value;
  if (resolved instanceof PDFDict) return resolved;
  if (resolved instanceof PDFStream) return resolved.dict;
  return undefined;
}

function isDangerousAction(doc: PDFDocument, value: PDFObject | undefined): boolean {
  const dict = asDict(doc, value);
  if (!dict) return false;
  const kind = entry(dict, 'S')?.[1];
  return (kind instanceof PDFName && DANGEROUS_ACTIONS.has(plainName(kind))) || entry(dict, 'JS') !== undefined;
}

/** Every dictionary of the file, direct or indirect, each visited once. */
function* allDicts(doc: PDFDocument): Generator<PDFDict> {
  const seen = new Set<PDFObject>();
  const stack: PDFObject[] = doc.context.enumerateIndirectObjects().map(([, object]) => object);
  stack.push(doc.context.trailerInfo.Root as PDFObject);
  while (stack.length) {
    const object = stack.pop();
    if (!object || seen.has(object)) continue;
    seen.add(object);
    // Pushed one by one: spreading a 200,000-entry array into push() overflows the call stack.
    if (object instanceof PDFStream) stack.push(object.dict);
    else if (object instanceof PDFArray) for (const item of object.asArray()) stack.push(item);
    else if (object instanceof PDFDict) {
      yield object;
      for (const value of object.values()) stack.push(value);
    }
  }
}

/** Where scripts or self-running actions were found (empty: none). */
export function findPdfScripts(doc: PDFDocument): string[] {
  const found = new Set<string>();
  for (const dict of allDicts(doc)) {
    for (const [name, value] of dict.entries()) {
      const key = plainName(name);
      if (key === 'JS') found.add('/JS script');
      if (key === 'S' && value instanceof PDFName && DANGEROUS_ACTIONS.has(plainName(value))) {
        found.add(`/${plainName(value)} action`);
      }
      if (key === 'AA') found.add('/AA additional actions');
      if (key === 'XFA') found.add('/XFA form');
      if (key === 'JavaScript') found.add('/JavaScript name tree');
      if (key === 'OpenAction' && isDangerousAction(doc, value)) found.add('/OpenAction');
    }
  }
  return [...found].sort();
}

/** Removes every script and self-running action in place; returns how many entries went. */
export function stripPdfScripts(doc: PDFDocument): number {
  // Decide on the untouched file first, then delete: deleting as we go would hide
  // an action's kind from the link that points at it.
  const doomed: [PDFDict, PDFName][] = [];
  for (const dict of allDicts(doc)) {
    for (const [name, value] of dict.entries()) {
      const key = plainName(name);
      const drop =
        ['JS', 'AA', 'XFA', 'JavaScript'].includes(key) ||
        (key === 'S' && value instanceof PDFName && DANGEROUS_ACTIONS.has(plainName(value))) ||
        (['OpenAction', 'A', 'Next'].includes(key) && isDangerousAction(doc, value));
      if (drop) doomed.push([dict, name]);
    }
  }
  for (const [dict, name] of doomed) dict.delete(name);
  return doomed.length;
}
