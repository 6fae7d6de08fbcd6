/**
 * What "Document details" says about the file. Once sealed, the file the page
 * shows and serves is the sealed PDF (the document's pages and the
 * certificate's), so pages and size are the sealed file's, and the original
 * upload's are kept beside them, labelled. A converted office file names the
 * file it was converted from. Pure: read from the audit events' data
 * ("document.uploaded" and "document.completed"), since the Document row has
 * no size column.
 */
export type TFileFacts = {
  /** Which file `pages` and `size` describe. */
  file: 'original' | 'sealed';
  pages: number | null;
  size: number | null;
  /** The original upload's, once sealed; null before. */
  original: { pages: number | null; size: number | null } | null;
  /** The uploaded office file's name, when the document is its conversion. */
  convertedFrom: string | null;
};

type TEventData = Record<string, unknown>;

/** An audit event's data (stored as JSON text on SQLite), or an empty object. */
export function eventData(data: unknown): TEventData {
  try {
    const parsed: unknown = typeof data === 'string' ? JSON.parse(data) : data;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as TEventData) : {};
  } catch {
    return {};
  }
}

const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;

export function documentFileFacts(
  document: { pageCount: number; sealed: boolean },
  uploaded: TEventData,
  completed: TEventData | null,
): TFileFacts {
  const original = { pages: document.pageCount > 0 ? document.pageCount : null, size: count(uploaded.size) };
  const convertedFrom = typeof uploaded.fileName === 'string' && uploaded.fileName ? uploaded.fileName : null;
  if (!document.sealed || !completed) return { file: 'original', ...original, original: null, convertedFrom };
  // A document sealed before its page count was recorded: its pages are not known without reading the file.
  return {
    file: 'sealed',
    pages: count(completed.pageCount) || null,
    size: count(completed.size),
    original,
    convertedFrom,
  };
}
