'use client';

import { useEffect } from 'react';

/** A file dropped beside the drop zone would make the browser open it and leave the app: refuse such drops. */
export function useRefuseStrayDrops() {
  useEffect(() => {
    const refuse = (event: globalThis.DragEvent) => {
      const inZone = event.target instanceof Element && event.target.closest('[data-drop-zone]');
      if (inZone || !event.dataTransfer?.types.includes('Files')) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'none';
    };
    window.addEventListener('dragover', refuse);
    window.addEventListener('drop', refuse);
    return () => {
      window.removeEventListener('dragover', refuse);
      window.removeEventListener('drop', refuse);
    };
  }, []);
}
