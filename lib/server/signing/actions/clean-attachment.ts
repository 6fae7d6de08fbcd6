import 'server-only';
import { getEnv } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { getImageReencoder } from '@/lib/server/images/image-reencoder';
import { getPdfInspector } from '@/lib/server/pdf/pdf-inspector';
import {
  ATTACHMENT_TYPES,
  attachmentFileName,
  isAttachmentType,
  type TAttachmentType,
} from '@/lib/upload/attachment-name';
import { sniffFileType } from '@/lib/server/file-type/check-magic-bytes';

export type TCleanAttachment = {
  /** What is stored and later embedded in the sealed PDF: never the bytes as received, unless they passed unchanged. */
  bytes: Uint8Array;
  type: TAttachmentType;
  contentType: string;
  /** A safe base name ending in the extension of `type`. */
  name: string;
  /** What the PDF inspection took out or mended (empty for images, which are always written anew). */
  strippedScripts: string[];
  repairs: string[];
};

/**
 * A signer's file made fit to be kept and sealed into the PDF every
 * recipient receives: its type is what its bytes are (PDF, PNG or JPEG); a
 * PDF goes through the owner uploads' inspection in its worker (polyglots,
 * encryption, bombs and damage refused or repaired, JavaScript and other
 * self-running actions taken out: lib/server/pdf/inspect-pdf.ts) and its cleaned
 * result is what is kept; an image is decoded and encoded again in its
 * worker, which leaves its metadata and anything appended to it behind
 * (lib/server/images/reencode-image.ts). The name keeps only a safe base name with
 * the extension of the type found.
 */
export async function cleanAttachment(received: Uint8Array, sentName: string): Promise<TCleanAttachment> {
  if (received.byteLength === 0) throw new AppError('EMPTY_FILE', 'The file is empty.');
  const sniffed = await sniffFileType(received);
  if (!isAttachmentType(sniffed)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Attach a PDF, PNG or JPEG file.');
  const type = sniffed;
  const base = { type, contentType: ATTACHMENT_TYPES[type].contentType, name: attachmentFileName(sentName, type) };
  if (type === 'pdf') {
    const check = await getPdfInspector().inspect(received, { maxPages: getEnv().UPLOAD_MAX_PAGES });
    // Scripts taken out of the repaired file, or of the file as received; else the repaired file; else it passed unchanged.
    const bytes = check.rewritten ?? check.repaired ?? received;
    return { ...base, bytes, strippedScripts: check.strippedScripts, repairs: check.repairs };
  }
  const image = await getImageReencoder().reencode(received, type);
  return { ...base, bytes: image.bytes, strippedScripts: [], repairs: [] };
}
