import type { ReactNode } from 'react';
import './marketing.css';

/** The public marketing pages share the landing page's motion styles. */
export default function MarketingLayout({ children }: { children: ReactNode }) {
  return children;
}
