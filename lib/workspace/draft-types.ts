import type { TRecipientAuth, TRecipientRole, TFieldType } from '@/lib/api/v1/enums';
import type { TFieldBox, TFieldMeta } from '@/lib/api/v1/fields';

/**
 * A field as the workspace edits it: `key` is the browser's own id (stable
 * across saves and undo), `recipientKey` points at a draft recipient. The
 * server ids are looked up at save time.
 */
export type TDraftField = TFieldBox & {
  key: string;
  type: TFieldType;
  required: boolean;
  recipientKey: string;
} & Omit<TFieldMeta, never>;

export type TDraftRecipient = {
  key: string;
  /** The server's id once saved. */
  id?: string;
  name: string;
  email: string;
  role: TRecipientRole;
  auth: TRecipientAuth;
};
