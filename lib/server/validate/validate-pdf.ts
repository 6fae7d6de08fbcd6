import 'server-only';
import type { TValidationReport, TVerdict } from '@/lib/api/v1/validate';
import { classifyChanges } from './classify-changes';
import { findSignatures, type TFoundSignature } from './find-signatures';
import { revisionLoader, type TRevisionLoader } from './load-revisions';
import { padesLevel } from './pades-level';
import { readDss, type TDss } from './read-dss';
import { signedFields } from './signature-fields';
import type { TTrustAnchors } from './trust-anchors';
import { brokenSignature, holdsCertificate, type TSignatureCheck, verifySignature } from './verify-signature';

export type TValidateOptions = { anchors: TTrustAnchors };

const end = (found: TFoundSignature) => (found.byteRange ? found.byteRange[2] + found.byteRange[3] : 0);

/**
 * Validates every signature and document timestamp in a PDF (API.md's
 * POST /api/v1/validate, without the `signet` part): `unsigned` with none,
 * `invalid` when one cannot be parsed or its cryptography fails, `modified`
 * when the bytes one covers changed or a later revision changes the document
 * other than by permitted updates, else `valid`. Trust is reported per
 * signature beside the verdict, never folded into it. Never throws on a
 * malformed file: what cannot be read is an invalid signature.
 */
export async function validatePdf(bytes: Uint8Array, options: TValidateOptions): Promise<TValidationReport> {
  const found = findSignatures(bytes);
  const load = revisionLoader(bytes);
  const final = await load(bytes.byteLength);
  const fields = final ? safe(() => signedFields(final), []) : [];
  const located = new Set(found.map((item) => item.byteRange?.join(' ')));
  const nameOf = new Map(fields.map((field) => [field.byteRange, field.name]));
  // A field's signature that the byte scan did not find (in a compressed object stream) cannot be checked.
  const unlocated = fields
    .filter((field) => !field.byteRange || !located.has(field.byteRange))
    .map((field) => brokenSignature(null, field.name, ['The signature dictionary is not stored where its ByteRange can be checked.'], bytes.byteLength));
  if (found.length === 0 && unlocated.length === 0) return { verdict: 'unsigned', signatures: [] };
  const dss: TDss = final ? safe(() => readDss(final), { present: false, certificates: [], revocationCount: 0 }) : { present: false, certificates: [], revocationCount: 0 };
  const checks: { found: TFoundSignature; check: TSignatureCheck }[] = [];
  for (const item of found) {
    const fieldName = nameOf.get(item.byteRange?.join(' ') ?? null) ?? null;
    const check = await verifySignature(item, { bytes, anchors: options.anchors, dssCertificates: dss.certificates, fieldName }).catch((error: unknown) =>
      brokenSignature(item, fieldName, [`The signature cannot be checked: ${(error as Error).message}`], bytes.byteLength),
    );
    checks.push({ found: item, check });
  }
  for (const { found: item, check } of checks) {
    if (check.status === 'invalid' || !item.byteRange) continue;
    if (!check.report.coversWholeDocument) await judgeLaterRevisions(item, check, load, bytes.byteLength);
    if (check.report.kind === 'signature') await judgeLevel(item, check, checks, dss, load);
  }
  const all = [...checks.map(({ check }) => check), ...unlocated];
  return { verdict: verdictOf(all), signatures: all.map((check) => check.report) };
}

function verdictOf(checks: TSignatureCheck[]): TVerdict {
  if (checks.some((check) => check.status === 'invalid')) return 'invalid';
  if (checks.some((check) => check.status === 'modified')) return 'modified';
  return 'valid';
}

/** The revisions after the one `item` covers: each change classified; any but a permitted one makes it modified. */
async function judgeLaterRevisions(item: TFoundSignature, check: TSignatureCheck, load: TRevisionLoader, fileLength: number): Promise<void> {
  const before = await load(end(item));
  const after = await load(fileLength);
  const changes = before && after ? safe(() => classifyChanges(before, after), null) : null;
  if (!changes) {
    check.report.changesAfter = ['other: the revisions after this signature cannot be compared with it'];
    check.status = 'modified';
    return;
  }
  check.report.changesAfter = changes.map((change) => `${change.kind}: ${change.what}`);
  if (changes.some((change) => change.kind !== 'permitted') && check.status === 'intact') {
    check.status = 'modified';
    check.report.problems.push('The document was changed after this signature in a way that is not a permitted update.');
  }
}

async function judgeLevel(item: TFoundSignature, check: TSignatureCheck, checks: { found: TFoundSignature; check: TSignatureCheck }[], dss: TDss, load: TRevisionLoader): Promise<void> {
  const signer = check.signerCert;
  const dssHoldsSigner = dss.present && signer !== null && holdsCertificate(dss.certificates, signer);
  let timestampAfterDss = false;
  for (const other of checks) {
    if (other.check.report.kind !== 'document_timestamp' || other.check.status !== 'intact' || end(other.found) <= end(item)) continue;
    const covered = await load(end(other.found));
    if (covered && safe(() => readDss(covered).present, false)) timestampAfterDss = true;
  }
  check.report.level = padesLevel({
    subFilter: item.subFilter,
    hasSigningCertificate: check.hasSigningCertificate,
    hasSignatureTimestamp: check.report.timestamp?.valid === true,
    dssHoldsSigner,
    timestampAfterDss,
  });
}

function safe<T>(work: () => T, fallback: T): T {
  try {
    return work();
  } catch {
    return fallback;
  }
}
