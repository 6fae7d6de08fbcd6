import 'server-only';
import { createPublicKey, randomBytes, verify } from 'node:crypto';
import { P12Signer, type Signer } from '@libpdf/core';
import { x509 } from './x509';
import { EnvError } from '@/lib/env';
import { readSigningP12 } from '@/lib/signing-p12-env';

const SIGNING_USAGES = x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation;

function fail(problem: string): never {
  throw new EnvError('SIGNING_P12', problem);
}

/** Whether `certificate` holds the public half of the key that made `signature` over `probe`. */
function matchesKey(certificate: x509.X509Certificate, probe: Buffer, signature: Uint8Array, signer: Signer): boolean {
  const key = createPublicKey({ key: Buffer.from(certificate.publicKey.rawData), format: 'der', type: 'spki' });
  const options = signer.keyType === 'EC' ? { key, dsaEncoding: 'der' as const } : key;
  try {
    return verify('sha256', probe, options, signature);
  } catch {
    return false;
  }
}

/**
 * Opens SIGNING_P12 with its password and checks it can seal: a private key,
 * the certificate of that key (found by a test signature, whatever order the
 * file lists certificates in), not a CA, in date, and with a key usage that
 * allows signatures. Every refusal is an EnvError naming the variable, so
 * boot stops with one clear line.
 */
export async function loadP12Signer(value: string, password: string): Promise<Signer> {
  const read = readSigningP12(value);
  if ('problem' in read) fail(read.problem);
  let p12: P12Signer;
  try {
    p12 = await P12Signer.create(new Uint8Array(read.bytes), password);
  } catch (error) {
    fail(`cannot be opened with SIGNING_P12_PASSWORD (${error instanceof Error ? error.message : String(error)})`);
  }
  const certificates = [p12.certificate, ...p12.certificateChain].map(
    (der) => new x509.X509Certificate(new Uint8Array(der)),
  );
  const probe = randomBytes(32);
  const signature = await p12.sign(new Uint8Array(probe), 'SHA-256');
  const own = certificates.find((certificate) => matchesKey(certificate, probe, signature, p12));
  if (!own) fail('holds no certificate for its private key');
  if (own.getExtension(x509.BasicConstraintsExtension)?.ca)
    fail(`its key's certificate (${own.subject}) is a CA certificate, not one for document signing`);
  const usage = own.getExtension(x509.KeyUsagesExtension);
  if (usage && (usage.usages & SIGNING_USAGES) === 0)
    fail(`its key's certificate (${own.subject}) does not allow digital signatures (key usage)`);
  const now = new Date();
  if (own.notAfter < now || own.notBefore > now)
    fail(
      `its key's certificate (${own.subject}) is valid only from ${own.notBefore.toISOString()} to ${own.notAfter.toISOString()}`,
    );
  const chain = certificates
    .filter((certificate) => certificate !== own)
    .map((certificate) => new Uint8Array(certificate.rawData));
  return {
    certificate: new Uint8Array(own.rawData),
    certificateChain: chain,
    keyType: p12.keyType,
    signatureAlgorithm: p12.signatureAlgorithm,
    sign: (data, algorithm) => p12.sign(data, algorithm),
  };
}
