import 'server-only';
import type { TWorkspaceCaller } from '@/lib/server/workspaces/workspace-caller';
import type { TSigningRequestBody } from '@/lib/api/v1/signing-requests';
import { AppError } from '@/lib/errors';
import { deleteDocument } from '@/lib/server/documents/delete-document';
import { readPageSizes } from '@/lib/server/documents/read-page-sizes';
import { requireOwnedDocumentById } from '@/lib/server/documents/require-owned-document-by-id';
import { sendDocument } from '@/lib/server/documents/send-document';
import { storeApiDocument, uploadFileName } from '@/lib/server/documents/upload/store-api-document';
import { chunked } from '@/lib/server/documents/upload/upload-api-document';
import { type TUploadOwner } from '@/lib/server/documents/upload/create-document-from-upload';
import { uploadLimits } from '@/lib/server/documents/upload/upload-limits';
import { replaceFields } from '@/lib/server/fields/replace-fields';
import type { TRequestMeta } from '@/lib/server/http/client-address';
import { logger } from '@/lib/server/logger';
import { openUserUrl } from '@/lib/server/outbound/open-user-url';
import { replaceRecipients } from '@/lib/server/recipients/replace-recipients';
import { fileExtension, isAcceptedExtension } from '@/lib/upload/file-kind';
import { signerFields, signingRequestErrors, signingRequestPlacementErrors } from './check-signing-request';
import { getSigningRequest } from './signing-request-view';

const FETCH_TIMEOUT_MS = 30_000;

/** The document of the request: its base64 content, or the file at its URL (through the SSRF guard). */
async function storeRequestDocument(body: TSigningRequestBody, owner: TUploadOwner, meta: TRequestMeta) {
  const { name, url, content } = body.document;
  if (content) {
    const bytes = Buffer.from(content, 'base64');
    return storeApiDocument({
      owner,
      name,
      fileName: uploadFileName(name),
      data: chunked(bytes),
      sizeHint: bytes.byteLength,
      meta,
    });
  }
  const opened = await openUserUrl(url ?? '', {
    path: 'document.url',
    maxBytes: uploadLimits().maxBytes,
    timeoutMs: FETCH_TIMEOUT_MS,
  });
  const urlName = decodeURIComponent(opened.url.pathname.split('/').pop() ?? '');
  const fileName =
    isAcceptedExtension(fileExtension(urlName)) && !isAcceptedExtension(fileExtension(name))
      ? `${name}.${fileExtension(urlName)}`
      : uploadFileName(name);
  return storeApiDocument({ owner, name, fileName, data: opened.data, sizeHint: opened.size, meta });
}

/**
 * POST /api/v1/signing-requests (the landing page's SDK sample): uploads,
 * places and sends in one call, through the same operations as the separate
 * endpoints. What can be judged first is judged before anything is stored;
 * a refusal after the upload (a field off its page) deletes the new draft,
 * so a refused request leaves nothing behind.
 */
export async function createSigningRequest(
  body: TSigningRequestBody,
  owner: TWorkspaceCaller & { user: Omit<TUploadOwner, 'workspaceId'> },
  meta: TRequestMeta,
) {
  const early = signingRequestErrors(body);
  if (early.length > 0)
    throw new AppError('INVALID_INPUT', 'Some signers or fields are invalid.', { fieldErrors: early });
  const { workspaceId } = owner;
  const created = await storeRequestDocument(body, { ...owner.user, workspaceId }, meta);
  try {
    const { fields } = signerFields(body);
    const placement = signingRequestPlacementErrors(
      fields,
      await readPageSizes(await requireOwnedDocumentById(created.id, workspaceId)),
    );
    if (placement.length > 0)
      throw new AppError('INVALID_INPUT', 'Some fields are not on their page.', { fieldErrors: placement });
    const recipients = await replaceRecipients(created.id, workspaceId, {
      recipients: body.signers.map((signer) => ({
        email: signer.email,
        name: signer.name,
        role: signer.role ?? 'signer',
        auth: signer.auth ?? 'none',
        order: signer.order,
      })),
    });
    const idOf = new Map(recipients.map((recipient) => [recipient.email, recipient.id]));
    await replaceFields(created.id, workspaceId, {
      fields: body.signers.flatMap((signer, index) =>
        (fields[index] ?? []).map((field) => ({ ...field, recipientId: idOf.get(signer.email) ?? '' })),
      ),
    });
    const { signingOrder, message, expiresAt, reminderDays, locale } = body;
    await sendDocument(created.id, owner, { signingOrder, message, expiresAt, reminderDays, locale }, meta);
  } catch (error) {
    await deleteDocument(created.id, owner, { undoUpload: true }).catch((cause: unknown) =>
      logger.error('could not remove the draft of a refused signing request', { id: created.id, error: cause }),
    );
    throw error;
  }
  return getSigningRequest(created.id, workspaceId);
}
