import { z } from 'zod';
import type { ZodOpenApiPathsObject, ZodOpenApiResponseObject } from 'zod-openapi';

/**
 * The trust endpoints (docs/sealing.md, Trust endpoints): public (no API key) and
 * rate-limited per client address.
 */
export function trustPaths({
  problem,
}: {
  problem: (description: string) => ZodOpenApiResponseObject;
}): ZodOpenApiPathsObject {
  const limited = { '429': problem('Too many trust downloads from this address; see Retry-After.') };
  const binary = z.string().meta({ format: 'binary' });
  return {
    '/api/v1/trust/ca.pem': {
      get: {
        summary:
          "The PEM certificate of the CA that signs this instance's seals, so relying parties can trust it (e.g. in Adobe Acrobat's trusted certificates)",
        security: [],
        responses: {
          '200': { description: 'The CA certificate', content: { 'application/x-pem-file': { schema: z.string() } } },
          ...limited,
        },
      },
    },
    '/api/v1/trust/crl': {
      get: {
        summary:
          "The CA's current certificate revocation list (DER), the CRL distribution point its seal certificates name; re-issued daily, valid a week",
        security: [],
        responses: {
          '200': { description: 'The CRL', content: { 'application/pkix-crl': { schema: binary } } },
          ...limited,
        },
      },
    },
  };
}
