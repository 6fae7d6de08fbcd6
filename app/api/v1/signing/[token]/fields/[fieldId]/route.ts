import { requestMeta } from '@/lib/server/http/client-address';
import { closingOnRefusal } from '@/lib/server/http/closing-on-refusal';
import { json } from '@/lib/server/http/json';
import { readJsonBody } from '@/lib/server/http/read-json-body';
import { multipartBody } from '@/lib/server/http/request-body';
import { signerRoute } from '@/lib/server/http/signer-route';
import { requireSignerCanAct } from '@/lib/server/signing/auth/signer-access';
import { attachFieldFile } from '@/lib/server/signing/actions/attach-field-file';
import {
  ATTACHMENT_REMOVAL_MAX_BYTES,
  fieldBodyMaxBytes,
  parseAttachmentRemoval,
  parseFieldInput,
  refuseServerFilled,
} from '@/lib/server/signing/actions/field-input';
import { fillSignerField } from '@/lib/server/signing/actions/fill-signer-field';
import { requireSignerField } from '@/lib/server/signing/actions/require-signer-field';
import { saveSignatureField } from '@/lib/server/signing/actions/save-signature-field';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** One route for every field a signer fills (docs/api.md): the body is read and parsed once, here, by field type. */
export const PUT = signerRoute<{ token: string; fieldId: string }>(async ({ request, params, signer }) => {
  requireSignerCanAct(signer);
  const field = await requireSignerField(signer, params.fieldId);
  const meta = requestMeta(request);
  if (field.type === 'ATTACHMENT') {
    // A file is streamed to storage as it arrives; a refusal before its end closes the connection.
    const file = multipartBody(request);
    const input = file
      ? ({ kind: 'file', file } as const)
      : parseAttachmentRemoval(await readJsonBody(request, ATTACHMENT_REMOVAL_MAX_BYTES).catch(() => undefined));
    return json(await closingOnRefusal(() => attachFieldFile(signer, field, input, meta)));
  }
  refuseServerFilled(field);
  const input = parseFieldInput(field, await readJsonBody(request, fieldBodyMaxBytes(field)));
  return json(
    input.kind === 'signature'
      ? await saveSignatureField({ signer, field, signature: input.signature, meta })
      : await fillSignerField(signer, field, input.value, meta),
  );
});
