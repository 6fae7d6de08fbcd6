import { useTranslations } from 'next-intl';
import { CustomerLogo, LOGO_NAMES } from './customer-logos';

/**
 * Endless strip of customer logos (35 s per loop, 25 s under 868 px; see
 * marketing.css). The list is drawn twice so the loop has no seam; the copy is
 * hidden from assistive technology. Pure CSS keeps it out of the JS bundle.
 */
export function LogoStrip() {
  const t = useTranslations('landing.trusted');
  return (
    <div className="marquee relative overflow-hidden py-6 [mask-image:linear-gradient(90deg,transparent,#000_10%,#000_90%,transparent)]">
      <div className="marquee-track flex w-max gap-12 text-ink-muted">
        <ul aria-label={t('logos')} className="flex shrink-0 items-center gap-12">
          {LOGO_NAMES.map((name) => (
            <li key={name}>
              <CustomerLogo name={name} />
            </li>
          ))}
        </ul>
        <div aria-hidden="true" className="flex shrink-0 items-center gap-12">
          {LOGO_NAMES.map((name) => (
            <CustomerLogo key={name} name={name} decorative />
          ))}
        </div>
      </div>
    </div>
  );
}
