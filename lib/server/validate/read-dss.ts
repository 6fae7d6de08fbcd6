import 'server-only';
import * as pkijs from 'pkijs';
import * as asn1js from 'asn1js';
import { decodePDFRawStream, type PDFDocument, PDFName, type PDFObject, PDFRawStream } from 'pdf-lib';
import { arrayBuffer } from './crypto-engine';
import { arrayOf, dictOf, resolve } from './document-roles';

export type TDss = { present: boolean; certificates: pkijs.Certificate[]; revocationCount: number };

const MAX_ENTRIES = 500;

function streamBytes(doc: PDFDocument, value: PDFObject): Uint8Array | null {
  const stream = resolve(doc, value);
  if (!(stream instanceof PDFRawStream)) return null;
  try {
    return decodePDFRawStream(stream).decode();
  } catch {
    return null;
  }
}

/** The Document Security Store of `doc` (PAdES B-LT): its certificates (parsed) and how many CRLs and OCSP responses it holds. */
export function readDss(doc: PDFDocument): TDss {
  const catalog = dictOf(doc, doc.context.trailerInfo.Root);
  const dss = dictOf(doc, catalog?.get(PDFName.of('DSS')));
  if (!dss) return { present: false, certificates: [], revocationCount: 0 };
  const entries = (key: string) => (arrayOf(doc, dss.get(PDFName.of(key)))?.asArray() ?? []).slice(0, MAX_ENTRIES);
  const certificates = entries('Certs').flatMap((entry) => {
    const der = streamBytes(doc, entry);
    if (!der) return [];
    try {
      return [new pkijs.Certificate({ schema: asn1js.fromBER(arrayBuffer(der)).result })];
    } catch {
      return [];
    }
  });
  return { present: true, certificates, revocationCount: entries('CRLs').length + entries('OCSPs').length };
}
