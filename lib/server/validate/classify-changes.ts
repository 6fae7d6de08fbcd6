import 'server-only';
import { sha256Hex } from '@/lib/sha256-hex';
import { PDFArray, PDFDict, type PDFDocument, PDFName, type PDFObject, PDFRawStream, type PDFRef } from 'pdf-lib';
import type { TChangeKind } from '@/lib/api/v1/validate';
import { arrayOf, dictOf, documentRoles, isSignatureWidget, tag, type TDocumentRoles } from './document-roles';

export type TChange = { kind: TChangeKind; what: string };

const fingerprints = new WeakMap<PDFObject, string>();

/**
 * An object's content, comparable across two loads (a stream by its dictionary
 * and the hash of its bytes). Worked out once per object: the final revision's
 * objects are compared with every earlier revision's. Long ones are kept as
 * their hash, so the cache holds 64 characters for a 60,000-entry array.
 */
function fingerprint(value: PDFObject | undefined): string {
  if (value === undefined) return '';
  let known = fingerprints.get(value);
  if (known === undefined) {
    const text =
      value instanceof PDFRawStream ? `${value.dict.toString()}|${sha256Hex(value.contents)}` : value.toString();
    known = text.length > 64 ? `#${sha256Hex(text)}` : text;
    fingerprints.set(value, known);
  }
  return known;
}

/** Keys whose values differ between two dictionaries. */
function changedKeys(before: PDFDict, after: PDFDict): string[] {
  const keys = new Set([...before.keys(), ...after.keys()].map((key) => key.decodeText()));
  return [...keys].filter(
    (key) => fingerprint(before.get(PDFName.of(key))) !== fingerprint(after.get(PDFName.of(key))),
  );
}

/**
 * What the revisions between `before` (the revision a signature covers) and
 * `after` (the file as it is) changed, each classified as the validator's report names them: permitted
 * (DSS/VRI, document timestamps, new signature fields with their signatures
 * and appearances, Info and XMP metadata, and the catalog, AcroForm and page
 * entries that only add those), form fill, annotation, or other. Objects no
 * reader reaches from the catalog or Info change nothing a reader shows.
 */
export function classifyChanges(before: PDFDocument, after: PDFDocument): TChange[] {
  const roles = documentRoles(after);
  const changes = new Map<string, TChange>();
  const add = (kind: TChangeKind, what: string) => changes.set(`${kind}: ${what}`, { kind, what });
  if (fingerprint(before.context.trailerInfo.Root) !== fingerprint(after.context.trailerInfo.Root))
    add('other', 'the document catalog was replaced');
  for (const [ref, object] of after.context.enumerateIndirectObjects()) {
    const key = tag(ref);
    if (!roles.reachable.has(key)) continue;
    const previous = before.context.lookup(ref);
    if (previous !== undefined && fingerprint(previous) === fingerprint(object)) continue;
    const change = classify({ ref, key, previous, object, roles, before, after });
    add(change.kind, change.what);
  }
  return listed([...changes.values()]);
}

/** Changes named one by one; a file may change 200,000 objects, for each of 64 signatures, and the report goes to a browser. */
export const MAX_LISTED_CHANGES = 50;

/** The first MAX_LISTED_CHANGES changes, the rest counted per kind (so every kind found still shows, and still decides the verdict). */
function listed(changes: TChange[]): TChange[] {
  if (changes.length <= MAX_LISTED_CHANGES) return changes;
  const rest = new Map<TChangeKind, number>();
  for (const change of changes.slice(MAX_LISTED_CHANGES)) rest.set(change.kind, (rest.get(change.kind) ?? 0) + 1);
  return [
    ...changes.slice(0, MAX_LISTED_CHANGES),
    ...[...rest].map(([kind, count]) => ({
      kind,
      what: `${count} more ${count === 1 ? 'change' : 'changes'} of this kind`,
    })),
  ];
}

type TObjectChange = {
  ref: PDFRef;
  key: string;
  previous: PDFObject | undefined;
  object: PDFObject;
  roles: TDocumentRoles;
  before: PDFDocument;
  after: PDFDocument;
};

function classify({ key, previous, object, roles, before, after }: TObjectChange): TChange {
  const added = previous === undefined;
  if (roles.dss.has(key)) return { kind: 'permitted', what: 'validation data (DSS)' };
  if (key === roles.info || key === roles.metadata)
    return { kind: 'permitted', what: 'document information or XMP metadata' };
  if (object instanceof PDFDict && object.has(PDFName.of('ByteRange'))) {
    const type = object.get(PDFName.of('Type'))?.toString();
    if (added) return { kind: 'permitted', what: type === '/DocTimeStamp' ? 'document timestamp' : 'signature' };
    return { kind: 'other', what: 'an earlier signature dictionary was changed' };
  }
  if (roles.sigFields.has(key)) {
    const wasUnsigned = added || !(previous instanceof PDFDict && previous.has(PDFName.of('V')));
    return wasUnsigned
      ? { kind: 'permitted', what: 'signature field' }
      : { kind: 'other', what: 'a signed signature field was changed' };
  }
  if (roles.sigAppearances.has(key) && added) return { kind: 'permitted', what: 'signature appearance' };
  if (key === roles.catalog) return catalogChange(previous, object);
  if (key === roles.acroForm) return acroFormChange(previous, object, before, after);
  if (key === roles.fieldsArray)
    return listChange(arrayOf(before, previous), arrayOf(after, object), after, 'form field added');
  const page = roles.pages.get(key);
  if (page !== undefined) return pageChange(previous, object, before, after, page);
  const annotsPage = roles.annotsArrays.get(key);
  if (annotsPage !== undefined)
    return listChange(
      arrayOf(before, previous),
      arrayOf(after, object),
      after,
      `annotation on page ${annotsPage}`,
      'annotation',
    );
  const field = roles.formFields.get(key);
  if (field !== undefined) {
    const keys = previous instanceof PDFDict && object instanceof PDFDict ? changedKeys(previous, object) : ['new'];
    return keys.every((name) => ['V', 'AS', 'AP', 'M'].includes(name))
      ? { kind: 'form_fill', what: `field "${field}"` }
      : { kind: 'other', what: `form field "${field}" added or redefined` };
  }
  if (roles.formAppearances.has(key)) return { kind: 'form_fill', what: 'form field appearance' };
  const annotation = roles.annotations.get(key);
  if (annotation !== undefined) return { kind: 'annotation', what: annotation };
  if (roles.annotationAppearances.has(key)) return { kind: 'annotation', what: 'annotation appearance' };
  return { kind: 'other', what: describe(object, key) };
}

function describe(object: PDFObject, key: string): string {
  const dict = object instanceof PDFRawStream ? object.dict : object instanceof PDFDict ? object : null;
  const type = dict?.get(PDFName.of('Type'))?.toString() ?? dict?.get(PDFName.of('Subtype'))?.toString();
  const what = type
    ? `${type.replace(/^\//, '')} object`
    : object instanceof PDFRawStream
      ? 'content stream'
      : 'object';
  return `${what} ${key.replace(/ R$/, '')}`;
}

function catalogChange(previous: PDFObject | undefined, object: PDFObject): TChange {
  if (!(previous instanceof PDFDict) || !(object instanceof PDFDict))
    return { kind: 'other', what: 'document catalog' };
  // An inline AcroForm is judged with the catalog: only the signature-related keys may differ.
  const extra = changedKeys(previous, object).filter((name) => !['DSS', 'AcroForm', 'Metadata'].includes(name));
  return extra.length === 0
    ? { kind: 'permitted', what: 'document catalog (for the above)' }
    : { kind: 'other', what: `document catalog (${extra.join(', ')})` };
}

function acroFormChange(
  previous: PDFObject | undefined,
  object: PDFObject,
  before: PDFDocument,
  after: PDFDocument,
): TChange {
  if (!(previous instanceof PDFDict) || !(object instanceof PDFDict)) return { kind: 'other', what: 'form definition' };
  const keys = changedKeys(previous, object);
  const extra = keys.filter((name) => !['Fields', 'SigFlags', 'DR', 'DA'].includes(name));
  if (extra.length > 0) return { kind: 'other', what: `form definition (${extra.join(', ')})` };
  if (!keys.includes('Fields')) return { kind: 'permitted', what: 'form definition (for a signature)' };
  return listChange(
    arrayOf(before, previous.get(PDFName.of('Fields'))),
    arrayOf(after, object.get(PDFName.of('Fields'))),
    after,
    'form field added',
  );
}

function pageChange(
  previous: PDFObject | undefined,
  object: PDFObject,
  before: PDFDocument,
  after: PDFDocument,
  page: number,
): TChange {
  if (!(previous instanceof PDFDict) || !(object instanceof PDFDict))
    return { kind: 'other', what: `page ${page} added or replaced` };
  const keys = changedKeys(previous, object);
  if (keys.some((name) => name !== 'Annots')) return { kind: 'other', what: `page ${page} (${keys.join(', ')})` };
  return listChange(
    arrayOf(before, previous.get(PDFName.of('Annots'))),
    arrayOf(after, object.get(PDFName.of('Annots'))),
    after,
    `annotation on page ${page}`,
    'annotation',
  );
}

/**
 * An array of refs (fields, annotations) that may only grow by signature
 * widgets to stay permitted. Linear in both arrays: each entry is turned into
 * its key once and looked up in a set (arrays of 60,000 entries are an attack,
 * not a curiosity).
 */
export function listChange(
  previous: PDFArray | undefined,
  current: PDFArray | undefined,
  after: PDFDocument,
  what: string,
  otherwise: TChangeKind = 'other',
): TChange {
  const before = new Set((previous?.asArray() ?? []).map(fingerprint));
  const now = current?.asArray() ?? [];
  const nowKeys = now.map(fingerprint);
  const present = new Set(nowKeys);
  for (const item of before)
    if (!present.has(item)) return { kind: 'other', what: `${what.replace(/ added$/, '')} removed` };
  const added = now.filter((_, index) => !before.has(nowKeys[index]!));
  if (added.every((entry) => isSignatureWidget(after, entry))) return { kind: 'permitted', what: 'signature field' };
  // Checked in the dictionary: an added widget of a non-signature field fills a form, anything else is an annotation.
  return { kind: added.some((entry) => dictOf(after, entry)?.get(PDFName.of('FT'))) ? 'other' : otherwise, what };
}
