'use client';

import dynamic from 'next/dynamic';

/**
 * pdf.js is large and browser-only: it loads after the page, never on the
 * server (react-pdf's Next.js note), and only on pages that show a preview.
 */
export const LazyPdfPreview = dynamic(() => import('./pdf-preview'), {
  ssr: false,
  loading: () => <div className="aspect-[1/1.414] w-full animate-pulse rounded-lg bg-surface-sunken" />,
});
