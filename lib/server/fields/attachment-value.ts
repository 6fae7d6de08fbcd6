import { z } from 'zod';
import type { TAttachmentInfo } from '@/lib/api/v1/signer-actions';

/**
 * An attachment field's stored value: JSON naming the blob that holds the
 * file (encrypted, lib/server/storage) and what the signer attached. The API
 * shows the name as the value and the rest, without the blob key, as
 * `attachment` (lib/server/documents/document-views.ts).
 */
const ZStoredAttachment = z.object({
  key: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.int(),
  sha256: z.string(),
});
export type TStoredAttachment = z.infer<typeof ZStoredAttachment>;

export function attachmentValue(file: TStoredAttachment): string {
  return JSON.stringify(ZStoredAttachment.parse(file));
}

export function parseAttachmentValue(value: string | null): TStoredAttachment | null {
  if (!value) return null;
  try {
    const parsed = ZStoredAttachment.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The public part: everything but where it is stored. */
export function attachmentInfo(value: string | null): TAttachmentInfo | null {
  const stored = parseAttachmentValue(value);
  if (!stored) return null;
  const { key: _key, ...info } = stored;
  return info;
}
