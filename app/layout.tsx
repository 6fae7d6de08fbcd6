import type { ReactNode } from 'react';
import './globals.css';

// The <html> element lives in app/[locale]/layout.tsx; this root only exists
// because app/not-found.tsx needs a layout above it.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
