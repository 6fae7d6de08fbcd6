import 'server-only';
import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRef,
  PDFStream,
  PDFString,
} from 'pdf-lib';

/** What each object of a revision is for, as far as the change rules care (refs by their "N G R" tag). */
export type TDocumentRoles = {
  catalog: string | null;
  info: string | null;
  metadata: string | null;
  acroForm: string | null;
  fieldsArray: string | null;
  dss: Set<string>;
  pages: Map<string, number>;
  annotsArrays: Map<string, number>;
  sigFields: Set<string>;
  sigAppearances: Set<string>;
  formFields: Map<string, string>;
  formAppearances: Set<string>;
  annotations: Map<string, string>;
  annotationAppearances: Set<string>;
  reachable: Set<string>;
};

const MAX_OBJECTS = 200_000;
export const tag = (ref: PDFRef) => ref.toString();
const name = (value: PDFObject | undefined) => (value instanceof PDFName ? value.decodeText() : null);

/** Every object reachable from `start` (refs followed through dictionaries, arrays and stream dictionaries). */
export function reach(doc: PDFDocument, start: PDFObject | undefined, into = new Set<string>()): Set<string> {
  const stack: PDFObject[] = start ? [start] : [];
  while (stack.length > 0 && into.size < MAX_OBJECTS) {
    const item = stack.pop();
    if (item instanceof PDFRef) {
      if (into.has(tag(item))) continue;
      into.add(tag(item));
      const target = doc.context.lookup(item);
      if (target) stack.push(target);
    } else if (item instanceof PDFDict) {
      // One by one: spreading a 200,000-entry array into push() overflows the call stack.
      for (const value of item.values()) stack.push(value);
    } else if (item instanceof PDFArray) {
      for (const value of item.asArray()) stack.push(value);
    } else if (item instanceof PDFStream) stack.push(item.dict);
  }
  return into;
}

const refTag = (value: PDFObject | undefined) => (value instanceof PDFRef ? tag(value) : null);

/** The object behind `value` (followed when a ref); never throws on a wrong type, as pdf-lib's lookupMaybe does. */
export function resolve(doc: PDFDocument, value: PDFObject | undefined): PDFObject | undefined {
  return value instanceof PDFRef ? doc.context.lookup(value) : value;
}
export function dictOf(doc: PDFDocument, value: PDFObject | undefined): PDFDict | undefined {
  const target = resolve(doc, value);
  return target instanceof PDFDict ? target : undefined;
}
export function arrayOf(doc: PDFDocument, value: PDFObject | undefined): PDFArray | undefined {
  const target = resolve(doc, value);
  return target instanceof PDFArray ? target : undefined;
}

/** Looks a field's /FT up its /Parent chain (terminal fields and widgets inherit it). */
function fieldType(doc: PDFDocument, dict: PDFDict): string | null {
  for (let current: PDFDict | undefined = dict, depth = 0; current && depth < 32; depth++) {
    const type = name(current.get(PDFName.of('FT')));
    if (type) return type;
    current = dictOf(doc, current.get(PDFName.of('Parent')));
  }
  return null;
}

export function isSignatureWidget(doc: PDFDocument, value: PDFObject | undefined): boolean {
  const dict = dictOf(doc, value);
  return dict !== undefined && fieldType(doc, dict) === 'Sig';
}

const rolesOf = new WeakMap<PDFDocument, TDocumentRoles>();

/**
 * What each object of `doc` is for; worked out once per parsed document (the
 * final revision is compared with every earlier one, and its signed fields read).
 */
export function documentRoles(doc: PDFDocument): TDocumentRoles {
  let roles = rolesOf.get(doc);
  if (!roles) {
    roles = findRoles(doc);
    rolesOf.set(doc, roles);
  }
  return roles;
}

function findRoles(doc: PDFDocument): TDocumentRoles {
  const { context } = doc;
  const roles: TDocumentRoles = {
    catalog: refTag(context.trailerInfo.Root),
    info: refTag(context.trailerInfo.Info),
    metadata: null,
    acroForm: null,
    fieldsArray: null,
    dss: new Set(),
    pages: new Map(),
    annotsArrays: new Map(),
    sigFields: new Set(),
    sigAppearances: new Set(),
    formFields: new Map(),
    formAppearances: new Set(),
    annotations: new Map(),
    annotationAppearances: new Set(),
    reachable: new Set(),
  };
  reach(doc, context.trailerInfo.Root, roles.reachable);
  reach(doc, context.trailerInfo.Info, roles.reachable);
  const catalog = dictOf(doc, context.trailerInfo.Root);
  if (!catalog) return roles;
  roles.metadata = refTag(catalog.get(PDFName.of('Metadata')));
  reach(doc, catalog.get(PDFName.of('DSS')), roles.dss);
  const acroFormRef = catalog.get(PDFName.of('AcroForm'));
  roles.acroForm = refTag(acroFormRef);
  const acroForm = dictOf(doc, acroFormRef);
  roles.fieldsArray = refTag(acroForm?.get(PDFName.of('Fields')));
  walkFields(doc, arrayOf(doc, acroForm?.get(PDFName.of('Fields'))), roles, 0);
  let pageNumber = 0;
  for (const page of safePages(doc)) {
    pageNumber += 1;
    roles.pages.set(tag(page.ref), pageNumber);
    const annotsRef = page.node.get(PDFName.of('Annots'));
    if (annotsRef instanceof PDFRef) roles.annotsArrays.set(tag(annotsRef), pageNumber);
    for (const annot of arrayOf(doc, annotsRef)?.asArray() ?? []) {
      const dict = dictOf(doc, annot);
      if (!(annot instanceof PDFRef) || !dict || name(dict.get(PDFName.of('Subtype'))) === 'Widget') continue;
      roles.annotations.set(
        tag(annot),
        `${name(dict.get(PDFName.of('Subtype'))) ?? 'unknown'} annotation on page ${pageNumber}`,
      );
      reach(doc, dict.get(PDFName.of('AP')), roles.annotationAppearances);
    }
  }
  return roles;
}

function safePages(doc: PDFDocument) {
  try {
    return doc.getPages();
  } catch {
    return [];
  }
}

function walkFields(doc: PDFDocument, fields: PDFArray | undefined, roles: TDocumentRoles, depth: number): void {
  if (!fields || depth > 32) return;
  for (const item of fields.asArray()) {
    const dict = dictOf(doc, item);
    if (!(item instanceof PDFRef) || !dict || roles.sigFields.has(tag(item)) || roles.formFields.has(tag(item)))
      continue;
    if (fieldType(doc, dict) === 'Sig') {
      roles.sigFields.add(tag(item));
      reach(doc, dict.get(PDFName.of('AP')), roles.sigAppearances);
    } else {
      const title = dict.get(PDFName.of('T'));
      roles.formFields.set(
        tag(item),
        title instanceof PDFString || title instanceof PDFHexString ? title.decodeText() : tag(item),
      );
      reach(doc, dict.get(PDFName.of('AP')), roles.formAppearances);
    }
    walkFields(doc, arrayOf(doc, dict.get(PDFName.of('Kids'))), roles, depth + 1);
  }
}
