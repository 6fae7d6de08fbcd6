/** The file types a signer may attach, by what their bytes are (never by name or declared type). */
export const ATTACHMENT_TYPES = {
  pdf: { contentType: 'application/pdf', extensions: ['pdf'] },
  png: { contentType: 'image/png', extensions: ['png'] },
  jpg: { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
} as const;
export type TAttachmentType = keyof typeof ATTACHMENT_TYPES;

export const isAttachmentType = (type: string | undefined): type is TAttachmentType =>
  type !== undefined && Object.hasOwn(ATTACHMENT_TYPES, type);

/** The type whose content type this is (a stored attachment's), or null. */
export function attachmentTypeOf(contentType: string): TAttachmentType | null {
  const found = Object.entries(ATTACHMENT_TYPES).find(([, type]) => type.contentType === contentType);
  return found ? (found[0] as TAttachmentType) : null;
}

/** Characters of the stem, not counting the extension: long enough for any real name, short enough for every file system. */
export const MAX_STEM = 120;
const FALLBACK_STEM = 'attachment';

// Invisible characters that change how a name reads: C0/C1 controls, format characters (bidi overrides and
// isolates, zero-width joiners, the BOM, soft hyphen), line and paragraph separators, lone surrogates.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}]/gu;
// Other spaces (no-break, em, ideographic…) read as a plain space.
const SPACES = /[\p{Zs}]+/gu;
// What Windows, macOS or a shell refuse or read specially in a file name.
const RESERVED = /[<>:"|?*]/g;
const DEVICE_NAMES = /^(?:con|prn|aux|nul|com\d|lpt\d)$/i;
/** A dot and up to 10 letters or digits at the end: a name's extension (not "Mr. Smith"). */
const EXTENSION = /\.([\p{L}\p{N}]{1,10})$/u;

/**
 * The name a signer's attachment is stored and embedded under: the last part
 * of what the browser sent (no folders), without invisible or reserved
 * characters, at most MAX_STEM characters, and always ending in the
 * extension of the type its bytes were found to be, whatever it claimed
 * (`Invoice.html` holding a PDF is `Invoice.pdf`). Idempotent.
 */
export function attachmentFileName(sent: string, type: TAttachmentType): string {
  const { extensions } = ATTACHMENT_TYPES[type];
  const base = (sent.normalize('NFC').split(/[\\/]/).pop() ?? '')
    .replace(INVISIBLE, '')
    .replace(SPACES, ' ')
    .replace(RESERVED, '_');
  let stem = base;
  let extension: string = extensions[0];
  const claimed = EXTENSION.exec(stem);
  if (claimed) {
    stem = stem.slice(0, claimed.index);
    // The signer's spelling of the right type stays (photo.jpeg, SCAN.PDF -> SCAN.pdf: lower case, as the types are).
    const lower = claimed[1]!.toLowerCase();
    if ((extensions as readonly string[]).includes(lower)) extension = lower;
  }
  // "Invoice.pdf.exe" holding a PDF: "Invoice.pdf", not "Invoice.pdf.pdf".
  const doubled = EXTENSION.exec(stem);
  if (doubled && (extensions as readonly string[]).includes(doubled[1]!.toLowerCase()))
    stem = stem.slice(0, doubled.index);
  // No leading dots (hidden files, "..") or spaces, no trailing dots or spaces (Windows drops them).
  stem = stem.replace(/^[\s.]+|[\s.]+$/g, '');
  // Code points, not UTF-16 units: a cut never splits an emoji into a lone surrogate.
  const points = Array.from(stem);
  if (points.length > MAX_STEM)
    stem = points
      .slice(0, MAX_STEM)
      .join('')
      .replace(/[\s.]+$/, '');
  if (!stem) stem = FALLBACK_STEM;
  if (DEVICE_NAMES.test(stem)) stem = `_${stem}`;
  return `${stem}.${extension}`;
}
