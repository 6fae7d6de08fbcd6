import 'server-only';
import { x509 } from './x509';
import * as asn1js from 'asn1js';
import { getInstanceTrust } from './instance-trust';
import { SIGNING_ALGORITHM } from './trust-names';

/** A CRL is valid a week; it is re-issued after a day, so relying parties never hold one near its nextUpdate. */
export const CRL_VALIDITY_MS = 7 * 24 * 60 * 60 * 1000;
export const CRL_REFRESH_MS = 24 * 60 * 60 * 1000;

type TCachedCrl = { der: Uint8Array; thisUpdate: Date };
let cached: TCachedCrl | undefined;
let pending: Promise<TCachedCrl> | undefined;

const CRL_NUMBER_OID = '2.5.29.20';

async function issueCrl(): Promise<TCachedCrl> {
  const { ca } = await getInstanceTrust();
  const caCertificate = new x509.X509Certificate(new Uint8Array(ca.certificateDer));
  // UTCTime holds whole seconds; the CRL number grows with them, across processes too.
  const thisUpdate = new Date(Math.floor(Date.now() / 1000) * 1000);
  const crl = await x509.X509CrlGenerator.create({
    issuer: caCertificate.subject,
    thisUpdate,
    nextUpdate: new Date(thisUpdate.getTime() + CRL_VALIDITY_MS),
    signingAlgorithm: SIGNING_ALGORITHM,
    signingKey: ca.privateKey,
    // Nothing is revoked yet: the seal key has no revocation flow; an empty list is still the CA's signed word.
    entries: [],
    extensions: [
      await x509.AuthorityKeyIdentifierExtension.create(caCertificate),
      new x509.Extension(
        CRL_NUMBER_OID,
        false,
        new asn1js.Integer({ value: thisUpdate.getTime() / 1000 }).toBER(false),
      ),
    ],
  });
  return { der: new Uint8Array(crl.rawData), thisUpdate };
}

/**
 * The instance CA's current CRL (DER), cached and re-issued once a day.
 * `issuedAfter`: a CRL at least that recent (B-LT embeds one issued after
 * the signature, which strict validators want as revocation freshness).
 */
export async function getInstanceCrl(options: { issuedAfter?: Date } = {}): Promise<Uint8Array> {
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000) * 1000;
  // Never later than now: a CRL cannot be issued in the future.
  const wanted = options.issuedAfter ? Math.min(seconds(options.issuedAfter), seconds(new Date())) : 0;
  const fresh = (crl: TCachedCrl | undefined) =>
    crl && Date.now() - crl.thisUpdate.getTime() < CRL_REFRESH_MS && crl.thisUpdate.getTime() >= wanted;
  if (fresh(cached)) return cached!.der;
  pending ??= issueCrl().finally(() => {
    pending = undefined;
  });
  const issued = await pending;
  cached = issued;
  return fresh(issued) ? issued.der : await getInstanceCrl(options);
}
