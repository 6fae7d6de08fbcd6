import 'server-only';
import * as pkijs from 'pkijs';
import * as asn1js from 'asn1js';
import { type PDFDocument, PDFName, type PDFObject, PDFRawStream } from 'pdf-lib';
import { decodeStreamCapped } from '@/lib/server/pdf/pdf-inflate-guard';
import { arrayBuffer } from './crypto-engine';
import { arrayOf, dictOf, resolve } from './document-roles';

export type TDss = { present: boolean; certificates: pkijs.Certificate[]; revocationCount: number };

const MAX_ENTRIES = 500;
/** A certificate is a few KB; decoding stops past this (DECODED size: a small deflated stream may claim gigabytes). */
const MAX_CERTIFICATE_BYTES = 64 * 1024;

function streamBytes(doc: PDFDocument, value: PDFObject): Uint8Array | null {
  const stream = resolve(doc, value);
  if (!(stream instanceof PDFRawStream)) return null;
  const bytes = decodeStreamCapped(doc, stream, MAX_CERTIFICATE_BYTES);
  return bytes instanceof Uint8Array ? bytes : null;
}

/** Whether `doc` has a Document Security Store (nothing decoded). */
export function hasDss(doc: PDFDocument): boolean {
  const catalog = dictOf(doc, doc.context.trailerInfo.Root);
  return dictOf(doc, catalog?.get(PDFName.of('DSS'))) !== undefined;
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
