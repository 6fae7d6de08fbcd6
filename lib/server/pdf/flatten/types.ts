import type { TFieldType } from '@/lib/api/v1/enums';
import type { TFieldBox } from '@/lib/api/v1/fields';
import type { TSignatureAppearance } from '@/lib/signatures/appearance';

/**
 * A field as flattening draws it: its box in PDF points from the top-left of
 * the page as displayed (rotation applied, as the API's fields give it), and what the signer left:
 * `value` as stored (a date already in the owner's format, a radio's chosen
 * option, "true" for a ticked checkbox, an attachment's file name), and for
 * signature and initials fields the stored appearance.
 */
export type TFlattenField = TFieldBox & {
  id: string;
  type: TFieldType;
  value: string | null;
  appearance?: TSignatureAppearance | null;
};

/** A file a signer attached to an attachment field, embedded as a PDF file attachment. */
export type TFlattenAttachment = { fieldId: string; name: string; contentType: string; bytes: Uint8Array };

export type TFlattenInput = {
  fields: TFlattenField[];
  attachments: TFlattenAttachment[];
  /** The date written into the file (info dictionary, attachments): the completion time, so a retry saves the same bytes. */
  date: Date;
};
