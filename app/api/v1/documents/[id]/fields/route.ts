import { ZPutFieldsBody } from '@/lib/api/v1/fields';
import { replaceFields } from '@/lib/server/fields/replace-fields';
import { ownerRoute } from '@/lib/server/http/owner-route';
import { json, parseBody } from '@/lib/server/http/json';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// 500 fields of a few hundred bytes each fit well within a megabyte.
export const PUT = ownerRoute<{ id: string }>('documents:write', async ({ request, params, owner }) => {
  const body = await parseBody(request, ZPutFieldsBody, 1024 * 1024);
  return json({ fields: await replaceFields(params.id, owner.workspace.id, body) });
});
