import { describe, expect, it } from 'vitest';
import {
  DEFAULT_UPLOAD_SOURCE,
  isAvailableUploadSource,
  readUploadSource,
  UPLOAD_SOURCE_STORAGE_KEY,
  UPLOAD_SOURCES,
  writeUploadSource,
} from '@/lib/upload/upload-source';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

const blocked = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
};

describe('upload source', () => {
  it('lists three cloud drives, Desktop and Scan Document, and only Desktop is available', () => {
    expect(UPLOAD_SOURCES).toEqual(['googleDrive', 'dropbox', 'oneDrive', 'desktop', 'scan']);
    expect(UPLOAD_SOURCES.filter(isAvailableUploadSource)).toEqual(['desktop']);
  });

  it('defaults to Desktop when nothing, something unknown, or no storage is there', () => {
    expect(DEFAULT_UPLOAD_SOURCE).toBe('desktop');
    expect(readUploadSource(memoryStorage())).toBe('desktop');
    expect(readUploadSource(memoryStorage({ [UPLOAD_SOURCE_STORAGE_KEY]: 'ftp' }))).toBe('desktop');
    expect(readUploadSource(undefined)).toBe('desktop');
    expect(readUploadSource(blocked)).toBe('desktop');
  });

  it('remembers the choice under exactly selectedUploadSource', () => {
    const storage = memoryStorage();
    writeUploadSource(storage, 'dropbox');
    expect(UPLOAD_SOURCE_STORAGE_KEY).toBe('selectedUploadSource');
    expect(storage.items.get('selectedUploadSource')).toBe('dropbox');
    expect(readUploadSource(storage)).toBe('dropbox');
  });

  it('a storage that refuses to write does not throw', () => {
    expect(() => writeUploadSource(blocked, 'scan')).not.toThrow();
  });
});
