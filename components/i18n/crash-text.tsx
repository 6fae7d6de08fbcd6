'use client';

import { createContext, useContext, type ReactNode } from 'react';

export type CrashText = { title: string; body: string; retry: string };

const CrashTextContext = createContext<CrashText | null>(null);

/**
 * errors.crash for app/[locale]/error.tsx. Next loads that error boundary with
 * every page, so if it translated with next-intl's client runtime, every page
 * would load the runtime (about 12 kB gzipped) for a screen rarely shown; the
 * locale layout hands it the three strings instead.
 */
export function CrashTextProvider({ text, children }: { text: CrashText; children: ReactNode }) {
  return <CrashTextContext value={text}>{children}</CrashTextContext>;
}

export function useCrashText(): CrashText {
  const text = useContext(CrashTextContext);
  if (!text) throw new Error('useCrashText needs a CrashTextProvider above it (app/[locale]/layout.tsx)');
  return text;
}
