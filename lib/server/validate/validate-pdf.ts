import 'server-only';
import type { PDFDocument } from 'pdf-lib';
import type { TValidationReport, TVerdict } from '@/lib/api/v1/validate';
import { classifyChanges, type TChange } from './classify-changes';
import { findSignatures, type TFoundSignature } from './find-signatures';
import { Revisions } from './load-revisions';
import { padesLevel } from './pades-level';
import { hasDss, readDss, type TDss } from './read-dss';
import { signedFields } from './signature-fields';
import type { TTrustAnchors } from './trust-anchors';
import { brokenSignature, holdsCertificate, type TSignatureCheck, verifySignature } from './verify-signature';

/** `revisions`: the file's parses, to share them with the caller (validate-upload.worker.ts reads the evidence from the final one). */
export type TValidateOptions = { anchors: TTrustAnchors; revisions?: Revisions };

const end = (found: TFoundSignature) => (found.byteRange ? found.byteRange[2] + found.byteRange[3] : 0);

type TChecked = { found: TFoundSignature; check: TSignatureCheck };

/**
 * Validates every signature and document timestamp in a PDF (the report of
 * POST /api/v1/validate, without the `signet` part): `unsigned` with none,
 * `invalid` when one cannot be parsed or its cryptography fails, `modified`
 * when the bytes one covers changed or a later revision changes the document
 * other than by permitted updates, else `valid`. Trust is reported per
 * signature beside the verdict, never folded into it. Never throws on a
 * malformed file: what cannot be read is an invalid signature.
 *
 * Runs on untrusted input in a worker thread with a heap cap and a time
 * budget (pdf-validator.ts); within them it parses each revision once, the
 * final one kept and each earlier one dropped once judged (load-revisions.ts).
 */
export async function validatePdf(bytes: Uint8Array, options: TValidateOptions): Promise<TValidationReport> {
  const found = findSignatures(bytes);
  const revisions = options.revisions ?? new Revisions(bytes);
  const final = await revisions.latest();
  const fields = final ? safe(() => signedFields(final), []) : [];
  const located = new Set(found.map((item) => item.byteRange?.join(' ')));
  const nameOf = new Map(fields.map((field) => [field.byteRange, field.name]));
  // A field's signature that the byte scan did not find (in a compressed object stream) cannot be checked.
  const unlocated = fields
    .filter((field) => !field.byteRange || !located.has(field.byteRange))
    .map((field) =>
      brokenSignature(
        null,
        field.name,
        ['The signature dictionary is not stored where its ByteRange can be checked.'],
        bytes.byteLength,
      ),
    );
  if (found.length === 0 && unlocated.length === 0) return { verdict: 'unsigned', signatures: [] };
  const dss: TDss = final
    ? safe(() => readDss(final), { present: false, certificates: [], revocationCount: 0 })
    : { present: false, certificates: [], revocationCount: 0 };
  const checks: TChecked[] = [];
  for (const item of found) {
    const fieldName = nameOf.get(item.byteRange?.join(' ') ?? null) ?? null;
    const check = await verifySignature(item, {
      bytes,
      anchors: options.anchors,
      dssCertificates: dss.certificates,
      fieldName,
    }).catch((error: unknown) =>
      brokenSignature(
        item,
        fieldName,
        [`The signature cannot be checked: ${(error as Error).message}`],
        bytes.byteLength,
      ),
    );
    checks.push({ found: item, check });
  }
  const judged = checks.filter(({ found: item, check }) => check.status !== 'invalid' && item.byteRange);
  // Document timestamps whose own cryptography holds (before any later change is judged): they count for the level.
  const firstSigned = Math.min(
    ...judged.filter(({ check }) => check.report.kind === 'signature').map(({ found: item }) => end(item)),
  );
  const timestamps = judged
    .filter(
      ({ found: item, check }) =>
        check.report.kind === 'document_timestamp' && check.status === 'intact' && end(item) > firstSigned,
    )
    .map(({ found: item }) => end(item));
  const revisionFacts = await judgeRevisions(judged, timestamps, revisions, final);
  for (const { found: item, check } of judged) {
    if (!check.report.coversWholeDocument) applyChanges(check, revisionFacts.get(end(item))?.changes ?? null);
    if (check.report.kind === 'signature') {
      const timestampAfterDss = timestamps.some((at) => at > end(item) && revisionFacts.get(at)?.dss === true);
      judgeLevel(check, dss, timestampAfterDss);
    }
  }
  const all = [...checks.map(({ check }) => check), ...unlocated];
  return { verdict: verdictOf(all), signatures: all.map((check) => check.report) };
}

function verdictOf(checks: TSignatureCheck[]): TVerdict {
  if (checks.some((check) => check.status === 'invalid')) return 'invalid';
  if (checks.some((check) => check.status === 'modified')) return 'modified';
  return 'valid';
}

/** What one earlier revision showed: the changes made after it (null: not comparable), and whether it had a DSS. */
type TRevisionFacts = { changes?: TChange[] | null; dss?: boolean };

/**
 * Everything the signatures need of their revisions, each revision parsed
 * once, in file order, and dropped before the next one is parsed: the changes
 * after each signature that does not cover the whole file, and whether each
 * intact document timestamp's revision holds a DSS. Many signatures may share
 * one end (one revision); a hostile file has at most 64 (find-signatures.ts).
 */
async function judgeRevisions(
  judged: TChecked[],
  timestamps: number[],
  revisions: Revisions,
  final: PDFDocument | null,
): Promise<Map<number, TRevisionFacts>> {
  const compare = new Set(
    judged.filter(({ check }) => !check.report.coversWholeDocument).map(({ found: item }) => end(item)),
  );
  const facts = new Map<number, TRevisionFacts>();
  for (const at of [...new Set([...compare, ...timestamps])].sort((a, b) => a - b)) {
    const revision = await revisions.at(at);
    const fact: TRevisionFacts = {};
    if (compare.has(at)) fact.changes = revision && final ? safe(() => classifyChanges(revision, final), null) : null;
    if (timestamps.includes(at)) fact.dss = revision ? safe(() => hasDss(revision), false) : false;
    facts.set(at, fact);
  }
  return facts;
}

/** The revisions after the one a signature covers: each change classified; any but a permitted one makes it modified. */
function applyChanges(check: TSignatureCheck, changes: TChange[] | null): void {
  if (!changes) {
    check.report.changesAfter = ['other: the revisions after this signature cannot be compared with it'];
    check.status = 'modified';
    return;
  }
  check.report.changesAfter = changes.map((change) => `${change.kind}: ${change.what}`);
  if (changes.some((change) => change.kind !== 'permitted') && check.status === 'intact') {
    check.status = 'modified';
    check.report.problems.push(
      'The document was changed after this signature in a way that is not a permitted update.',
    );
  }
}

function judgeLevel(check: TSignatureCheck, dss: TDss, timestampAfterDss: boolean): void {
  const signer = check.signerCert;
  const dssHoldsSigner = dss.present && signer !== null && holdsCertificate(dss.certificates, signer);
  check.report.level = padesLevel({
    subFilter: check.report.subFilter,
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
