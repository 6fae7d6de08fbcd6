'use client';

import { useEffect, useState } from 'react';
import { SIGNATURE_FONTS, type TSignatureFontInfo } from '@/lib/signatures/signature-fonts';

/** The CSS family a font is registered under here (its own name could clash with an installed copy of another version). */
export const previewFamily = (font: TSignatureFontInfo) => `signet-${font.id}`;

/** The fonts the API offered (ids, in its order), known to this build. */
export function offeredFonts(ids: readonly string[]): TSignatureFontInfo[] {
  const known = ids
    .map((id) => SIGNATURE_FONTS.find((font) => font.id === id))
    .filter((font): font is TSignatureFontInfo => Boolean(font));
  return known.length > 0 ? known : [...SIGNATURE_FONTS];
}

/**
 * Loads the handwriting fonts from /fonts/signature/*.ttf when the Type tab
 * is shown (the same files the server lays typed signatures out with), and
 * says which are ready, so a preview never flashes in a fallback font.
 */
export function useSignatureFonts(fonts: readonly TSignatureFontInfo[], active: boolean): ReadonlySet<string> {
  const [ready, setReady] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    if (!active || typeof FontFace === 'undefined') return;
    let cancelled = false;
    for (const font of fonts) {
      const face = new FontFace(previewFamily(font), `url(${font.url})`, { display: 'block' });
      face
        .load()
        .then((loaded) => {
          document.fonts.add(loaded);
          if (!cancelled) setReady((previous) => new Set(previous).add(font.id));
        })
        .catch(() => undefined); // the preview falls back to a cursive system font; the server still uses the real one
    }
    return () => {
      cancelled = true;
    };
  }, [fonts, active]);
  return ready;
}
