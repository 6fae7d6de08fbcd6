// What the seal tests share beside the judges (tests/fixtures/pdf-judges.ts): the signatures of a sealed PDF taken
// apart, and the seal certificate they sign with (tests/fixtures/test-pki.ts).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { makeTestPki, type TTestPki } from '@/tests/fixtures/test-pki';

export function tempFolder(prefix = 'signet-seal-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

export type TSignatureSlice = {
  byteRange: [number, number, number, number];
  cms: Buffer;
  signedBytes: Buffer;
  subFilter: string;
};

/** DER length of the element at the start of `bytes` (the CMS without /Contents' zero padding). */
function derLength(bytes: Buffer): number {
  const first = bytes[1] ?? 0;
  if (first < 0x80) return 2 + first;
  const count = first & 0x7f;
  let length = 0;
  for (let index = 0; index < count; index++) length = length * 256 + (bytes[2 + index] ?? 0);
  return 2 + count + length;
}

/** Every signature of a PDF in file order: its ByteRange, CMS, the bytes it covers and its SubFilter. */
export function signaturesOf(pdf: Uint8Array): TSignatureSlice[] {
  const buffer = Buffer.from(pdf);
  const text = buffer.toString('latin1');
  const found: TSignatureSlice[] = [];
  for (const match of text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)) {
    const byteRange = match.slice(1, 5).map(Number) as [number, number, number, number];
    const [start, length1, start2, length2] = byteRange;
    const hex = buffer.subarray(start + length1, start2).toString('latin1');
    if (!hex.startsWith('<') || !hex.endsWith('>'))
      throw new Error(`ByteRange gap is not the /Contents hex string: ${hex.slice(0, 20)}`);
    const raw = Buffer.from(hex.slice(1, -1), 'hex');
    const dict = text.slice(Math.max(0, match.index - 2000), match.index + 2000);
    found.push({
      byteRange,
      cms: raw.subarray(0, derLength(raw)),
      signedBytes: Buffer.concat([buffer.subarray(start, start + length1), buffer.subarray(start2, start2 + length2)]),
      subFilter:
        /\/SubFilter\s*\/(ETSI\.CAdES\.detached|ETSI\.RFC3161|adbe\.pkcs7\.detached)/.exec(
          dict.slice(dict.indexOf('/ByteRange') - 600),
        )?.[1] ?? '',
    });
  }
  return found;
}

/** The signature value (the bytes a B-T token stamps) and the id-aa-signatureTimeStampToken of a CMS. */
export function signatureParts(cms: Buffer): { signatureValue: Buffer; timestampToken: Buffer | null } {
  const info = pkijs.ContentInfo.fromBER(new Uint8Array(cms));
  const signedData = new pkijs.SignedData({ schema: info.content });
  const signer = signedData.signerInfos[0];
  if (!signer) throw new Error('no SignerInfo');
  const attribute = signer.unsignedAttrs?.attributes.find((item) => item.type === '1.2.840.113549.1.9.16.2.14');
  const value = attribute?.values[0] as asn1js.AsnType | undefined;
  return {
    signatureValue: Buffer.from(signer.signature.valueBlock.valueHexView),
    timestampToken: value ? Buffer.from(value.toBER(false)) : null,
  };
}

/** The signed attributes' OIDs (to check signing-certificate-v2 is there). */
export function signedAttributeTypes(cms: Buffer): string[] {
  const signedData = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(new Uint8Array(cms)).content });
  return signedData.signerInfos[0]?.signedAttrs?.attributes.map((attribute) => attribute.type) ?? [];
}

export async function writePdf(folder: string, name: string, bytes: Uint8Array): Promise<string> {
  const file = path.join(folder, name);
  writeFileSync(file, bytes);
  return file;
}

/** The seal tests' PKI: a leaf with the extended key usages of the seal certificates Signet issues. */
export function sealTestPki(): TTestPki {
  return makeTestPki('Seal Test Root', 'Test seal', { sealUsages: true });
}
