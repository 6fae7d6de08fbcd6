import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponseObject } from 'zod-openapi';
import { ZField } from './fields';
import { ZDeclineBody, ZDeclinedAnswer, ZFieldValueBody, ZSignatureFieldBody, ZSignedAnswer } from './signer-actions';

type THelpers = {
  problem: (description: string) => ZodOpenApiResponseObject;
  ok: (schema: z.ZodType, description?: string) => ZodOpenApiResponseObject;
  jsonBody: (schema: z.ZodType) => { content: Record<string, { schema: z.ZodType }> };
  /** openapi.ts's builder of token-authenticated operations (no API key, the token in the path, 404/410/429). */
  signerOperation: (summary: string, spec: Omit<ZodOpenApiOperationObject, 'summary'>) => ZodOpenApiOperationObject;
};

/**
 * The signer's changes (docs/api.md, Signer changes): authenticated by the
 * link's token in the path, not an API key. Every one answers 410 once the
 * link no longer works, then 409 without consent, then 401 without the
 * recipient's authentication.
 */
export function signerActionPaths({ problem, ok, jsonBody, signerOperation }: THelpers): ZodOpenApiPathsObject {
  const refusals = {
    '409': problem(
      'Consent to sign electronically not given yet (`reason: consent_required`), or a state that refuses this change.',
    ),
    '401': problem('The recipient must authenticate first (`reason: auth_required`, with `method`).'),
  };
  const signer = (summary: string, spec: Omit<ZodOpenApiOperationObject, 'summary'>) =>
    signerOperation(summary, { ...spec, responses: { ...refusals, ...spec.responses } });
  return {
    '/api/v1/signing/{token}/fields/{fieldId}': {
      put: signer(
        'Fill one of your fields: { value } for data fields, multipart "file" for attachments, { signature } for signature and initials',
        {
          // signerOperation adds the token when a path has no other parameter; this one has two.
          requestParams: {
            path: z.object({
              token: z.string().meta({ description: 'The secret token of the signing link (/sign/{token}).' }),
              fieldId: z
                .string()
                .meta({ description: "One of this recipient's fields (another's answers 404, like an unknown id)." }),
            }),
          },
          requestBody: {
            content: {
              'application/json': { schema: z.union([ZFieldValueBody, ZSignatureFieldBody]) },
              'multipart/form-data': {
                schema: z.object({
                  file: z.string().meta({
                    format: 'binary',
                    description:
                      "A PDF, PNG or JPEG (by content), at most SIGNER_ATTACHMENT_MAX_BYTES (10 MB; the session's attachments.maxBytes). What is stored is the cleaned file: a PDF without scripts (repaired when damaged), an image decoded and encoded again (no metadata, nothing appended), named with the extension of its real type.",
                  }),
                }),
              },
            },
          },
          responses: {
            '200': ok(ZField, 'The field with its value'),
            '400': problem(
              'A value that does not fit the field (type, options, min/max, length), or a body of the wrong kind; errors[] names it.',
            ),
            '409': problem('A date field (the server fills it when you finish), consent missing, or the wrong state.'),
            '413': problem(
              'The attachment is larger than SIGNER_ATTACHMENT_MAX_BYTES (refused as soon as the body passes it, or at once for a larger Content-Length), or an image of more than 25 megapixels.',
            ),
            '415': problem('An attachment that is not a PDF, PNG or JPEG, or not sent as multipart/form-data.'),
            '422': problem(
              'A signature that cannot be used; an attachment PDF that is a polyglot (also HTML or ZIP), encrypted, damaged beyond repair or holds scripts that cannot be removed (code UNSAFE_FILE, ENCRYPTED_FILE, CORRUPT_FILE), an image that cannot be decoded; or the recipient already has SIGNER_ATTACHMENT_MAX_COUNT files attached (`reason: too_many_attachments`).',
            ),
            '429': problem(
              'Too many requests for this link or from this address, or two attachments already being received for this link; see Retry-After.',
            ),
            '503': problem('The file checker is busy; see Retry-After.'),
          },
        },
      ),
    },
    '/api/v1/signing/{token}/complete': {
      post: signer('Finish: sign (or approve) with the fields as filled', {
        responses: {
          '200': ok(ZSignedAnswer),
          '409': problem('Consent missing, or a viewer (there is nothing for a viewer to sign).'),
          '422': problem(
            'Required fields are still empty: errors[] has one entry per field (path fields.<id>), fields[] their ids.',
          ),
        },
      }),
    },
    '/api/v1/signing/{token}/decline': {
      post: signer(
        'Decline with a reason: the document is declined, every link stops working, the owner and the recipients already invited are told. Needs no consent (refusing to sign electronically is a reason), but the recipient’s authentication when they have one',
        {
          requestBody: jsonBody(ZDeclineBody),
          responses: { '200': ok(ZDeclinedAnswer), '400': problem('The reason is missing or too long.') },
        },
      ),
    },
  };
}
