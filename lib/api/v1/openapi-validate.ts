import { z } from 'zod';
import type { ZodOpenApiPathsObject, ZodOpenApiResponseObject } from 'zod-openapi';
import { ZValidationReport } from './validate';

type THelpers = {
  problem: (description: string) => ZodOpenApiResponseObject;
  ok: (schema: z.ZodType, description?: string) => ZodOpenApiResponseObject;
};

/** The public validator (docs/sealing.md, The public validator): no API key, rate-limited per client address, the file never stored. */
export function validatePaths({ problem, ok }: THelpers): ZodOpenApiPathsObject {
  return {
    '/api/v1/validate': {
      post: {
        summary:
          "Validate a signed PDF (anyone's): the verdict, then per signature its signer, time, timestamp, PAdES level, integrity, chain and trust, and the changes made after it",
        description: [
          '`verdict`: `unsigned` without signatures; `invalid` when a signature cannot be parsed or its cryptography fails against its own certificate; `modified` when the bytes a signature (or document timestamp) covers changed, or a later revision changes the document other than by permitted updates (DSS/VRI, document timestamps, new signature fields with their signatures and appearances, document information and XMP metadata); otherwise `valid`.',
          "Trust is reported per signature beside the verdict: `instance` (this instance's CA, published at /api/v1/trust/ca.pem), `system` (the system root store, and the operator's extra roots in VALIDATOR_TRUSTED_CAS), or `untrusted`; `trustAnchor` names the root.",
          "`signet` is present for documents sealed by this instance: `matchesRecord` when the file's SHA-256 is the sealed file's on record (also after the sealed file was purged), with `sealedAt`; `auditChainValid` when the embedded signet-audit.json recomputes and matches the stored chain.",
          'The file is read into memory and never stored; it is refused like an upload (413 too large, 415 not a PDF, 422 encrypted, damaged or unsafe).',
          'Every check of the file runs in a worker thread with a memory cap (`VALIDATE_MAX_HEAP_MB`, 512 MB by default) and a time budget (`VALIDATE_TIMEOUT_MS`, 8 s by default): a file that needs more is answered `422` with code `TOO_COMPLEX`. Validations run one at a time per worker (`VALIDATE_WORKERS`, 1 by default) with up to `VALIDATE_MAX_QUEUE` (8) waiting, each at most one budget: past that the answer is `503` with code `SERVICE_UNAVAILABLE` and `Retry-After`.',
        ].join('\n\n'),
        security: [],
        requestBody: {
          content: { 'multipart/form-data': { schema: z.object({ file: z.string().meta({ format: 'binary' }) }) } },
        },
        responses: {
          '200': ok(ZValidationReport),
          '400': problem('No file, an empty file, or a malformed form.'),
          '413': problem('Larger than the upload limit.'),
          '415': problem('Not a PDF, or not sent as multipart/form-data.'),
          '422': problem(
            'Encrypted, damaged beyond repair, or unsafe; or `TOO_COMPLEX`: checking it would take more memory or time than a validation may use.',
          ),
          '429': problem('Too many validations from this address; see Retry-After.'),
          '503': problem(
            '`SERVICE_UNAVAILABLE`: the validator is busy with other files (its queue is full, or the file waited longer than one validation may take); see Retry-After.',
          ),
        },
      },
    },
  };
}
