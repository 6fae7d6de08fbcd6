import { AppError } from '@/lib/errors';

/**
 * What an upload claims to be. The extension is what follows the last dot of
 * the name, empty when there is none; we compare it case-insensitively.
 */

export const ACCEPTED_EXTENSIONS = ['pdf', 'doc', 'docx', 'xlsx', 'xlsm', 'pptx', 'odt', 'ods', 'odp', 'rtf'] as const;
export type TAcceptedExtension = (typeof ACCEPTED_EXTENSIONS)[number];

/** The container format the bytes must be in; decides which inspection runs. */
export type TContainer = 'pdf' | 'ooxml' | 'odf' | 'ole2' | 'rtf';

export type TFileKind = {
  extension: TAcceptedExtension;
  container: TContainer;
  /** file-type results that agree with the extension (same container and application). */
  sniffed: readonly string[];
};

const WORD_OOXML = ['docx', 'docm', 'dotx', 'dotm'];
const SHEET_OOXML = ['xlsx', 'xlsm', 'xltx', 'xltm'];
const SLIDES_OOXML = ['pptx', 'pptm', 'potx', 'potm', 'ppsx', 'ppsm'];

// Macro-enabled variants are listed on purpose: they agree with the extension,
// and the office inspection then refuses them for their macros with a clearer reason.
const KINDS: Record<TAcceptedExtension, Omit<TFileKind, 'extension'>> = {
  pdf: { container: 'pdf', sniffed: ['pdf'] },
  doc: { container: 'ole2', sniffed: ['cfb'] },
  docx: { container: 'ooxml', sniffed: WORD_OOXML },
  xlsx: { container: 'ooxml', sniffed: SHEET_OOXML },
  xlsm: { container: 'ooxml', sniffed: SHEET_OOXML },
  pptx: { container: 'ooxml', sniffed: SLIDES_OOXML },
  odt: { container: 'odf', sniffed: ['odt'] },
  ods: { container: 'odf', sniffed: ['ods'] },
  odp: { container: 'odf', sniffed: ['odp'] },
  rtf: { container: 'rtf', sniffed: ['rtf'] },
};

/** The text after the last dot, lower-cased; '' when the name has no dot. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isAcceptedExtension(extension: string): extension is TAcceptedExtension {
  return (ACCEPTED_EXTENSIONS as readonly string[]).includes(extension);
}

/** Why an extension is refused, naming each accepted extension once (.pdf is one of them). */
export function refusedExtensionMessage(extension: string): string {
  const shown = extension ? `.${extension}` : 'no extension';
  return `Files with ${shown} are not accepted. Upload one of: ${ACCEPTED_EXTENSIONS.map((e) => `.${e}`).join(', ')}.`;
}

/** The kind a file name claims; UNSUPPORTED_MEDIA_TYPE when its extension is not one we take. */
export function claimedFileKind(name: string): TFileKind {
  const extension = fileExtension(name);
  if (!isAcceptedExtension(extension)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', refusedExtensionMessage(extension));
  }
  return { extension, ...KINDS[extension] };
}

/**
 * The document's name once its file is in: a converted office file is a PDF
 * from then on, so its name no longer claims the office extension ("Offer.docx"
 * is "Offer"); the uploaded file's name stays in the audit trail and the details.
 */
export function convertedDocumentName(name: string, kind: Pick<TFileKind, 'extension' | 'container'>): string {
  if (kind.container === 'pdf') return name;
  const stem = name.slice(0, name.length - kind.extension.length - 1).trimEnd();
  // A file named only ".docx" keeps that name rather than none.
  return stem || name;
}
