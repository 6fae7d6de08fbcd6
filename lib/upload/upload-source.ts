/**
 * Where an upload comes from: three cloud drives, Desktop and
 * Scan Document. Only Desktop is available so far; the others are listed so
 * the choice can be made and remembered, and say they are not available yet.
 */
export const UPLOAD_SOURCES = ['googleDrive', 'dropbox', 'oneDrive', 'desktop', 'scan'] as const;
export type TUploadSource = (typeof UPLOAD_SOURCES)[number];

/** The localStorage key the original client used; kept exactly, so a browser's earlier choice still counts. */
export const UPLOAD_SOURCE_STORAGE_KEY = 'selectedUploadSource';
export const DEFAULT_UPLOAD_SOURCE: TUploadSource = 'desktop';

export function isUploadSource(value: unknown): value is TUploadSource {
  return typeof value === 'string' && (UPLOAD_SOURCES as readonly string[]).includes(value);
}

export function isAvailableUploadSource(source: TUploadSource): boolean {
  return source === 'desktop';
}

type TStorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/** The remembered source; Desktop when nothing (or something unknown) is stored, or storage is blocked. */
export function readUploadSource(storage: TStorageLike | undefined): TUploadSource {
  try {
    const stored = storage?.getItem(UPLOAD_SOURCE_STORAGE_KEY);
    return isUploadSource(stored) ? stored : DEFAULT_UPLOAD_SOURCE;
  } catch {
    return DEFAULT_UPLOAD_SOURCE;
  }
}

/** Remembers the source; a blocked storage (private mode, quota) only loses the memory, never the choice. */
export function writeUploadSource(storage: TStorageLike | undefined, source: TUploadSource): void {
  try {
    storage?.setItem(UPLOAD_SOURCE_STORAGE_KEY, source);
  } catch {
    // The choice still applies to this page.
  }
}
