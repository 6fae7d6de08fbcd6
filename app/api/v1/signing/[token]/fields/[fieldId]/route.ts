import { SIGNATURE_LIMITS } from '@/lib/api/v1/signature-body';
import { requestMeta } from '@/lib/server/http/client-address';
import { json } from '@/lib/server/http/json';
import { readJsonBody } from '@/lib/server/http/read-json-body';
import { requireSignerCanAct, signerRoute } from '@/lib/server/http/signer-route';
import { attachFieldFile } from '@/lib/server/signing/actions/attach-field-file';
import { saveSignatureField } from '@/lib/server/signing/actions/save-signature-field';
import { fillSignerField } from '@/lib/server/signing/actions/fill-signer-field';
import { requireSignerField, takesSignature } from '@/lib/server/signing/actions/require-signer-field';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** A data value is a line or a paragraph; a drawn signature's strokes (every coalesced sample) are far larger. */
const VALUE_BODY_MAX_BYTES = 16 * 1024;

export const PUT = signerRoute<{ token: string; fieldId: string }>(async ({ request, params, signer }) => {
  requireSignerCanAct(signer);
  const field = await requireSignerField(signer, params.fieldId);
  const meta = requestMeta(request);
  if (field.type === 'ATTACHMENT') return json(await attachFieldFile(signer, field, request, meta));
  if (takesSignature(field))
    return json(
      await saveSignatureField({
        signer,
        field,
        body: await readJsonBody(request, SIGNATURE_LIMITS.maxBodyBytes),
        meta,
      }),
    );
  return json(await fillSignerField(signer, field, () => readJsonBody(request, VALUE_BODY_MAX_BYTES), meta));
});
