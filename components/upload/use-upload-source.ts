'use client';

import { useCallback, useSyncExternalStore } from 'react';
import {
  DEFAULT_UPLOAD_SOURCE,
  readUploadSource,
  type TUploadSource,
  UPLOAD_SOURCE_STORAGE_KEY,
  writeUploadSource,
} from '@/lib/upload/upload-source';

const listeners = new Set<() => void>();
// The choice of this page, kept even when localStorage refuses to store it.
let chosen: TUploadSource | undefined;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== UPLOAD_SOURCE_STORAGE_KEY) return;
    chosen = undefined;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const snapshot = () => chosen ?? readUploadSource(storage());
const serverSnapshot = () => DEFAULT_UPLOAD_SOURCE;

/** The upload source remembered under localStorage `selectedUploadSource`, Desktop until one is chosen. */
export function useUploadSource(): [TUploadSource, (source: TUploadSource) => void] {
  const source = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  const choose = useCallback((next: TUploadSource) => {
    chosen = next;
    writeUploadSource(storage(), next);
    for (const listener of listeners) listener();
  }, []);
  return [source, choose];
}
