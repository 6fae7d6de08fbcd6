import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from 'zod-openapi';
import { ZConsentBody, ZGoneReason, ZSigningSession } from './signing-session';

/** A signer endpoint's refusals (API.md "Conventions"): the token in the path is the only credential. */
const ZSignerProblem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.int(),
    code: z.string(),
    detail: z.string().optional(),
    reason: ZGoneReason.optional().meta({ description: 'On a 410: why the link no longer works.' }),
    documentName: z.string().optional().meta({ description: 'On a 410: the document\'s name, so the page can say which.' }),
  })
  .meta({ id: 'SignerProblem' });

const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: ZSignerProblem } } });
const token = z.object({ token: z.string().meta({ description: 'The secret token of the signing link (/sign/{token}).' }) });
const signer = {
  '404': problem('No such signing link.'),
  '410': problem('The link no longer works: reason is signed, declined, completed, cancelled, expired or replaced.'),
  '429': problem('Too many requests for this link or from this address; see Retry-After.'),
};

function operation(summary: string, spec: Omit<ZodOpenApiOperationObject, 'summary'>): ZodOpenApiOperationObject {
  return { summary, tags: ['Signer'], security: [], ...spec, requestParams: { path: token, ...spec.requestParams }, responses: { ...signer, ...spec.responses } };
}

/** The signer's read endpoints and consent, merged into openapi.ts's paths. */
export const signingSessionPaths: ZodOpenApiPathsObject = {
  '/api/v1/signing/{token}': {
    get: operation('What the signer sees: the document, their fields with values, others\' fields as placeholders, consent and authentication state (the first call marks the recipient opened)', {
      responses: { '200': { description: 'OK', content: { 'application/json': { schema: ZSigningSession } } } },
    }),
  },
  '/api/v1/signing/{token}/pdf': {
    get: operation('The working PDF the signer signs', {
      responses: {
        '200': { description: 'The PDF', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } },
        '503': problem('Busy sending other documents; see Retry-After.'),
      },
    }),
  },
  '/api/v1/signing/{token}/consent': {
    post: operation('Consent to sign electronically (ESIGN/UETA); recorded with time, address and user agent; idempotent', {
      requestBody: { content: { 'application/json': { schema: ZConsentBody } } },
      responses: { '204': { description: 'Consent recorded (or already given)' }, '400': problem('The body is not { "accepted": true }.') },
    }),
  },
};
