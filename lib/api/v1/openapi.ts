import { createHash } from 'node:crypto';
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { API_SCOPES, type TApiScope, ZApiKey, ZApiScope, ZCreateApiKeyBody, ZCreatedApiKey } from './api-keys';
import {
  ZAuditTrail,
  ZCancelBody,
  ZCorrectionDraft,
  ZCreatedDocument,
  ZDocumentDetails,
  ZDocumentList,
  ZListDocumentsQuery,
  ZPatchDocumentBody,
  ZRetrySealAnswer,
  ZSendBody,
} from './documents';
import { ZField, ZPutFieldsBody } from './fields';
import { signerActionPaths } from './openapi-signer-actions';
import { trustPaths } from './openapi-trust';
import { ZPutRecipientsBody, ZRecipient } from './recipients';
import { ZEidCallbackQuery, ZEidStarted } from './signer-eid';
import { ZOtpSent, ZOtpVerified, ZOtpVerifyBody } from './signer-otp';
import { ZSigningRequest, ZSigningRequestBody } from './signing-requests';
import { ZConsentBody, ZSigningSession } from './signing-session';
import { ZUsage } from './usage';
import { ZMe, ZWorkspaceList } from './workspaces';
import { validatePaths } from './openapi-validate';
import { webhookPaths } from './openapi-webhooks';
import { teamPaths } from './openapi-teams';
import { ZWebhookPayload } from './webhooks';

const ZProblem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.int(),
    code: z.string().meta({ description: 'An AppError code, e.g. INVALID_INPUT, NOT_FOUND, CONFLICT.' }),
    detail: z.string().optional(),
    instance: z.string().optional(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    requestId: z.string().optional().meta({ description: 'On a 500 only: quote it when reporting the error.' }),
  })
  .meta({ id: 'Problem' });

const ZMissingScopeProblem = ZProblem.extend({
  code: z.literal('MISSING_SCOPE'),
  scope: ZApiScope.meta({ description: 'The scope the call needs, also named in `detail`.' }),
}).meta({ id: 'MissingScopeProblem' });

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ZProblem } },
});
const ok = (schema: z.ZodType, description = 'OK') => ({ description, content: { 'application/json': { schema } } });
const jsonBody = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });
const documentId = z.object({ id: z.string().meta({ description: 'The document id.' }) });
const owner = {
  '401': problem('No or bad credentials.'),
  '404': problem('Unknown, or not yours (the same answer, so ids cannot be probed).'),
  '429': problem('Too many requests or over the quota; see Retry-After.'),
};
const draftOnly = {
  '400': problem('Invalid input; errors[] names each bad path.'),
  '409': problem('The document is no longer a draft.'),
};

/** What an owner operation needs (lib/server/auth/assert-owner-access.ts): a scope, a signed-in session, or any caller. */
export type TOperationAccess = TApiScope | 'session' | 'any';

/**
 * An owner endpoint. A scoped one lists its scope in `security` (OpenAPI 3.1
 * allows role names for non-OAuth schemes) and in its description, and
 * answers 403 MISSING_SCOPE to a key without it; a session-only one answers
 * 403 FORBIDDEN to any key.
 */
function operation(
  access: TOperationAccess,
  summary: string,
  spec: Omit<ZodOpenApiOperationObject, 'summary'>,
): ZodOpenApiOperationObject {
  if (access === 'any') {
    return {
      summary,
      description: 'Any API key, whatever its scopes, or a signed-in session.',
      security: [{ apiKey: [] }],
      ...spec,
      responses: { ...owner, ...spec.responses },
    };
  }
  if (access === 'session') {
    return {
      summary: `${summary} (signed-in session only)`,
      description:
        'Needs the browser session: an API key is refused with 403 `FORBIDDEN`, whatever its scopes, since a key that could manage keys would outlive its own revocation.',
      ...spec,
      responses: { ...owner, '403': problem('Called with an API key.'), ...spec.responses },
    };
  }
  const missing = {
    description: `The API key lacks the scope \`${access}\` (\`code: MISSING_SCOPE\`, \`scope: "${access}"\`).`,
    content: { 'application/problem+json': { schema: ZMissingScopeProblem } },
  };
  return {
    summary,
    description: `Scope: \`${access}\` (a signed-in session has every scope).`,
    security: [{ apiKey: [access] }],
    ...spec,
    responses: { ...owner, '403': missing, ...spec.responses },
  };
}

/** The signing link's token, in the path: the signer's only credential (no API key). */
const signingToken = z.object({
  token: z.string().meta({ description: 'The secret token of the signing link (/sign/{token}).' }),
});
const signer = {
  '404': problem('No such signing link.'),
  '410': problem(
    'The link no longer works; `reason` (signed, declined, completed, cancelled, expired, replaced) and `documentName` say why.',
  ),
  '429': problem('Too many requests for this link or from this address; see Retry-After.'),
};

/** A signer endpoint: authenticated by the token in its path, so no API key (security: []). */
function signerOperation(summary: string, spec: Omit<ZodOpenApiOperationObject, 'summary'>): ZodOpenApiOperationObject {
  return {
    summary,
    security: [],
    ...spec,
    requestParams: { path: signingToken, ...spec.requestParams },
    responses: { ...signer, ...spec.responses },
  };
}

const paths: ZodOpenApiPathsObject = {
  '/api/v1/documents': {
    get: operation('documents:read', 'List your documents, newest first', {
      requestParams: { query: ZListDocumentsQuery },
      responses: { '200': ok(ZDocumentList) },
    }),
    post: operation(
      'documents:write',
      'Upload a document (multipart field "file", or JSON { name, content } with base64 content)',
      {
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: z.object({ file: z.string().meta({ format: 'binary' }), name: z.string().optional() }),
            },
            'application/json': {
              schema: z.object({ name: z.string(), content: z.string().meta({ description: 'Base64 of the file.' }) }),
            },
          },
        },
        responses: {
          '201': ok(ZCreatedDocument, 'Created'),
          '413': problem(
            'Too large: refused as soon as the file passes UPLOAD_MAX_BYTES, or at once, before the body is read, when a multipart Content-Length cannot hold a file within it.',
          ),
          '415': problem('Not a PDF or office document.'),
          '422': problem('Damaged, encrypted or unsafe file.'),
          '429': problem(
            'Too many requests; or over the quota (`code: QUOTA_EXCEEDED`, with `limit` and `used`), answered before the body is read when the month is already used up; or (JSON body) three base64 uploads of this account already being received; see Retry-After.',
          ),
        },
      },
    ),
  },
  '/api/v1/me': {
    get: operation(
      'any',
      'Who is calling, and the workspace the call acts in (the key’s, or the session’s current one)',
      {
        responses: { '200': ok(ZMe) },
      },
    ),
  },
  '/api/v1/workspaces': {
    get: operation('any', 'Your workspaces: your personal one first, then your teams, with your role in each', {
      responses: { '200': ok(ZWorkspaceList) },
    }),
  },
  '/api/v1/usage': {
    get: operation(
      'documents:read',
      "Your plan's use this month: documents uploaded against the monthly limit (GET it before an upload to know whether it would pass)",
      { responses: { '200': ok(ZUsage) } },
    ),
  },
  '/api/v1/documents/{id}': {
    get: operation('documents:read', 'A document with its recipients and fields', {
      requestParams: { path: documentId },
      responses: { '200': ok(ZDocumentDetails) },
    }),
    patch: operation('documents:write', 'Change the name and sending settings of a draft', {
      requestParams: { path: documentId },
      requestBody: jsonBody(ZPatchDocumentBody),
      responses: { '200': ok(ZDocumentDetails), ...draftOnly },
    }),
    delete: operation('documents:write', 'Delete a document that is not out for signature', {
      requestParams: { path: documentId },
      responses: { '204': { description: 'Deleted' }, '409': problem('Out for signature: cancel it first.') },
    }),
  },
  '/api/v1/documents/{id}/recipients': {
    put: operation(
      'documents:write',
      'Replace the recipients of a draft (kept by id or email; a removed recipient takes its fields along)',
      {
        requestParams: { path: documentId },
        requestBody: jsonBody(ZPutRecipientsBody),
        responses: { '200': ok(z.object({ recipients: z.array(ZRecipient) })), ...draftOnly },
      },
    ),
  },
  '/api/v1/documents/{id}/fields': {
    put: operation('documents:write', 'Replace the fields of a draft', {
      requestParams: { path: documentId },
      requestBody: jsonBody(ZPutFieldsBody),
      responses: { '200': ok(z.object({ fields: z.array(ZField) })), ...draftOnly },
    }),
  },
  '/api/v1/documents/{id}/download': {
    get: operation(
      'documents:read',
      'Download a PDF of the document: the original until it is sealed (retention then deletes it); sealed and certificate once sealed, until their retention ends',
      {
        requestParams: {
          path: documentId,
          query: z.object({ kind: z.enum(['original', 'sealed', 'certificate']).default('original') }),
        },
        responses: {
          '200': {
            description: 'The PDF',
            content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
          },
          '400': problem('Unknown kind.'),
          '409': problem(
            'That kind does not exist: `reason` is `not_yet` (not sealed yet) or `purged` (deleted by retention; `detail` says when).',
          ),
          '503': problem('Busy sending other documents; see Retry-After.'),
        },
      },
    ),
  },
  '/api/v1/documents/{id}/send': {
    post: operation('documents:write', 'Send a draft for signature', {
      requestParams: { path: documentId },
      requestBody: jsonBody(ZSendBody),
      responses: { '200': ok(ZDocumentDetails), ...draftOnly },
    }),
  },
  '/api/v1/documents/{id}/remind': {
    post: operation('documents:write', 'Remind the recipients whose turn it is', {
      requestParams: { path: documentId },
      responses: {
        '202': ok(
          z.object({ reminded: z.int().meta({ description: 'How many recipients a reminder was queued for.' }) }),
          'Reminders queued',
        ),
        '409': problem('Not out for signature.'),
      },
    }),
  },
  '/api/v1/documents/{id}/recipients/{recipientId}/resend': {
    post: operation('documents:write', 'Mail a recipient a fresh link; the old one stops working (410 replaced)', {
      requestParams: { path: documentId.extend({ recipientId: z.string() }) },
      responses: {
        '202': { description: 'Invitation queued' },
        '409': problem("Not this recipient's turn, or the document is not out for signature."),
      },
    }),
  },
  '/api/v1/documents/{id}/recipients/{recipientId}/link': {
    post: operation(
      'documents:write',
      'A fresh signing link for the owner to deliver another way; the old one stops working',
      {
        requestParams: { path: documentId.extend({ recipientId: z.string() }) },
        responses: {
          '200': ok(z.object({ url: z.string() })),
          '409': problem("Not this recipient's turn, or the document is not out for signature."),
        },
      },
    ),
  },
  '/api/v1/documents/{id}/recipients/{recipientId}/accept-identity': {
    post: operation(
      'documents:write',
      "Accept a recipient's eID name mismatch (recipients[].identityMismatch, EID_NAME_MISMATCH=review): recorded in the audit trail; the document is sealed once nothing else is waited for. Accepting again changes nothing. To refuse it, cancel the document",
      {
        requestParams: { path: documentId.extend({ recipientId: z.string() }) },
        responses: {
          '200': ok(ZRecipient),
          '409': problem(
            'No mismatch was recorded for this recipient (`reason: no_identity_mismatch`), or the document is no longer out for signature (`not_pending`).',
          ),
        },
      },
    ),
  },
  '/api/v1/documents/{id}/cancel': {
    post: operation(
      'documents:write',
      'Cancel a document out for signature; everyone invited is told and every link stops working',
      {
        requestParams: { path: documentId },
        requestBody: jsonBody(ZCancelBody),
        responses: {
          '200': ok(z.object({ id: z.string(), status: z.literal('cancelled') })),
          '409': problem('Not out for signature.'),
        },
      },
    ),
  },
  '/api/v1/documents/{id}/correction': {
    post: operation(
      'documents:write',
      "Correct and send again: a declined document becomes a new draft with the same file, recipients, fields (without values) and sending settings (no deadline); the draft's correctedFrom shows who declined and why. It counts as an upload toward the monthly quota",
      {
        requestParams: { path: documentId },
        responses: {
          '201': ok(ZCorrectionDraft, 'Created'),
          '409': problem(
            'Not declined (`reason: not_declined`), its file was deleted by retention (`purged`), or already corrected (`already_corrected`; `draftId` and `url` name that draft).',
          ),
          '429': problem('Too many requests or over the monthly quota (`QUOTA_EXCEEDED`); see Retry-After.'),
        },
      },
    ),
  },
  '/api/v1/documents/{id}/retry-seal': {
    post: operation(
      'documents:write',
      'Seal a sealing_failed document again: queues finalization; the status stays sealing_failed until it completes',
      {
        requestParams: { path: documentId },
        responses: {
          '202': ok(ZRetrySealAnswer, 'Finalization queued'),
          '409': problem(
            'Not sealing_failed (`reason` not_sealing_failed), or a retry is already queued (`reason` retry_queued).',
          ),
        },
      },
    ),
  },
  '/api/v1/documents/{id}/audit': {
    get: operation('documents:read', 'The audit trail, oldest first, and whether its hash chain holds', {
      requestParams: { path: documentId },
      responses: { '200': ok(ZAuditTrail) },
    }),
  },
  '/api/v1/signing-requests': {
    post: operation('documents:write', 'Upload, place fields and send in one call', {
      requestBody: jsonBody(ZSigningRequestBody),
      responses: {
        '201': ok(ZSigningRequest, 'Sent'),
        '400': problem(
          'Invalid input, or a document.url that cannot be fetched (private address, error, timeout); errors[] names each bad path.',
        ),
        '413': problem('The document is too large.'),
        '415': problem('Not a PDF or office document.'),
        '422': problem('Damaged, encrypted or unsafe file.'),
        '429': problem(
          'Too many requests or over the quota, or three base64 uploads of this account already being received; see Retry-After.',
        ),
      },
    }),
  },
  '/api/v1/signing-requests/{id}': {
    get: operation('documents:read', "A signing request and its signers' progress", {
      requestParams: { path: documentId },
      responses: { '200': ok(ZSigningRequest) },
    }),
  },
  '/api/v1/signing/{token}': {
    get: signerOperation(
      "What the signer sees: the document, their fields with values, others' fields as bare placeholders, consent and authentication state; the first call marks the recipient opened. A viewer whose auth is not none gets only the authentication step (no fields) and is marked opened, which finishes their turn, by their first call after authenticating",
      {
        responses: { '200': ok(ZSigningSession) },
      },
    ),
  },
  '/api/v1/signing/{token}/pdf': {
    get: signerOperation('The working PDF the signer signs', {
      responses: {
        '200': {
          description: 'The PDF',
          content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
        },
        '401': problem(
          'A viewer whose auth is not none has not authenticated yet (`reason: auth_required`, `method`).',
        ),
        '503': problem('Busy sending other documents; see Retry-After.'),
      },
    }),
  },
  '/api/v1/signing/{token}/consent': {
    post: signerOperation(
      'Consent to sign electronically (ESIGN/UETA), recorded with time, address and user agent; idempotent',
      {
        requestBody: jsonBody(ZConsentBody),
        responses: {
          '204': { description: 'Consent recorded, or already given' },
          '400': problem('The body is not { "accepted": true }.'),
        },
      },
    ),
  },
  '/api/v1/signing/{token}/otp': {
    post: signerOperation(
      "Mail the recipient a 6-digit one-time code (recipients whose auth is email_otp); valid 10 minutes, a new code replaces the last, at most 5 an hour, none once the link's 15 tries are used up",
      {
        requestBody: jsonBody(z.object({})),
        responses: {
          '202': ok(ZOtpSent, 'Mailed'),
          '409': problem(
            "This link does not ask for a code (`code: CONFLICT`, `reason: otp_not_required`), the recipient has already confirmed (`auth_satisfied`), or the link's 15 tries are used up (`code: OTP_LOCKED`, `reason: otp_locked`: the sender must issue a new link).",
          ),
          '429': problem('5 codes this hour already; see Retry-After.'),
          '503': problem('The mail could not be sent; try again.'),
        },
      },
    ),
  },
  '/api/v1/signing/{token}/otp/verify': {
    post: signerOperation(
      'Check a one-time code; the right one authenticates the recipient (5 tries per code, 15 per link). Consent and authentication may come in either order',
      {
        requestBody: jsonBody(ZOtpVerifyBody),
        responses: {
          '200': ok(ZOtpVerified),
          '400': problem('Not 6 digits.'),
          '401': problem('Wrong code; `triesLeft` says how many remain (`reason: otp_wrong`).'),
          '409': problem(
            "The code cannot work: `code: OTP_EXPIRED` (`reason: otp_expired`: past its 10 minutes, or its mail failed; ask for a new one); `code: OTP_LOCKED` with `reason: otp_spent` (its 5 tries are used up, this try included; ask for a new one) or `otp_locked` (the link's 15 tries are used up; the sender must issue a new link); `code: CONFLICT`, `reason: otp_not_sent` (no code asked for yet).",
          ),
        },
      },
    ),
  },
  '/api/v1/signing/{token}/oidc/start': {
    post: signerOperation(
      "Start signing in with an eID (recipients whose auth is oidc): answers the provider's URL to open in this browser, and sets a short-lived, encrypted, httpOnly cookie (10 minutes) that the callback needs",
      {
        requestBody: jsonBody(z.object({})),
        responses: {
          '200': ok(ZEidStarted),
          '409': problem(
            'This link does not ask for an eID (`reason: oidc_not_required`), or the recipient has already confirmed (`auth_satisfied`).',
          ),
          '503': problem('No eID provider is configured, or it does not answer (`reason: eid_unavailable`).'),
        },
      },
    ),
  },
  '/api/v1/signing/oidc/callback': {
    get: {
      summary:
        "Where the eID provider sends the signer back (browser redirect, not for API clients). Validates state, code (PKCE) and ID token (issuer, audience, nonce, signature), records the verified subject and name, then redirects (303) to /sign/{token}, with `?eidError=cancelled|expired|mismatch|failed|name_mismatch` when it did not pass (`name_mismatch`: EID_NAME_MISMATCH=refuse and the name on the eID is not the recipient's; with `review` such a sign-in passes and the owner must accept it before the document is sealed)",
      security: [],
      requestParams: { query: ZEidCallbackQuery },
      responses: {
        '303': { description: "Back to the signing page; the flow's cookie is cleared." },
        '400': problem(
          'No valid eID cookie in this browser: not started here, already used, or expired (`reason: eid_flow_missing`).',
        ),
        '429': problem('Too many requests from this address or for this link; see Retry-After.'),
      },
    },
  },
  '/api/v1/api-keys': {
    get: operation('session', 'Your live API keys, each with its scopes', {
      responses: { '200': ok(z.object({ items: z.array(ZApiKey) })) },
    }),
    post: operation(
      'session',
      'Create an API key with the scopes it may use (every scope when `scopes` is left out); its secret is in this answer only',
      {
        requestBody: jsonBody(ZCreateApiKeyBody),
        responses: {
          '201': ok(ZCreatedApiKey, 'Created'),
          '400': problem('Invalid input (an empty name, no scope or an unknown one); errors[] names each bad path.'),
          '409': problem('You have the most live keys a user may have (20).'),
        },
      },
    ),
  },
  '/api/v1/api-keys/{id}': {
    delete: operation('session', 'Revoke an API key; the webhooks it registered are disabled in the same step', {
      requestParams: { path: z.object({ id: z.string() }) },
      responses: { '204': { description: 'Revoked' } },
    }),
  },
  ...signerActionPaths({ problem, ok, jsonBody, signerOperation }),
  ...trustPaths({ problem }),
  ...validatePaths({ problem, ok }),
  ...webhookPaths({ problem, ok, jsonBody, operation }),
  ...teamPaths({ problem, ok, jsonBody, operation }),
};

/** The OpenAPI 3.1 document of the v1 API, built from the same zod schemas the handlers parse with. */
export function openApiDocument(serverUrl: string) {
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Signet API',
      version: '1',
      description:
        'Owner endpoints take `Authorization: Bearer <API key>` (create keys in Settings), or the browser session plus the X-XSRF-TOKEN header on unsafe methods. ' +
        `A key may call only what its scopes allow (${API_SCOPES.map((scope) => `\`${scope}\``).join(', ')}): each operation names the scope it needs, and a key without it gets 403 \`MISSING_SCOPE\` with the scope in \`scope\`. ` +
        'A signed-in session has every scope. Errors are RFC 9457 problem+json.',
    },
    servers: [{ url: serverUrl }],
    // What a webhook receives is the WebhookPayload schema, not OpenAPI 3.1 `webhooks`: the reference page (Scalar)
    // shows those in a scrolling box with nothing a keyboard can focus, which axe refuses (scrollable-region-focusable).
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer' } },
      schemas: { WebhookPayload: ZWebhookPayload },
    },
    security: [{ apiKey: [] }],
    paths,
  });
}

const built = new Map<string, { body: string; etag: string }>();

/**
 * The document as served by GET /api/v1/openapi.json: built once per server
 * address per process (building it walks every schema, ~20 ms of CPU, and it
 * changes only with a deploy), with a strong ETag over its bytes.
 */
export function openApiJson(serverUrl: string): { body: string; etag: string } {
  let entry = built.get(serverUrl);
  if (!entry) {
    const body = JSON.stringify(openApiDocument(serverUrl));
    entry = { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
    built.set(serverUrl, entry);
  }
  return entry;
}
