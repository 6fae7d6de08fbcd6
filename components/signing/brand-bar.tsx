import { useTranslations } from 'next-intl';

export type TBrandBar = { name: string; color: string | null; logoPath: string | null };

/**
 * The sending team's brand above the signer's page: its logo and "ACME via Signet" in white on its colour (checked
 * for AA contrast with white when it was set: lib/api/v1/branding.ts). Signet's header stays above it: the signer
 * still knows which service they sign on.
 */
export function BrandBar({ brand }: { brand: TBrandBar }) {
  const t = useTranslations('signing');
  return (
    <div
      className="mb-3 flex min-h-12 items-center gap-3 rounded-lg bg-primary-700 px-3 py-2 text-white sm:mb-4"
      style={brand.color ? { backgroundColor: brand.color } : undefined}
      data-testid="brand-bar"
    >
      {brand.logoPath && (
        // A small team logo, served by id with its size unknown here: next/image would need both.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={brand.logoPath}
          alt=""
          className="h-8 w-auto max-w-32 shrink-0 rounded bg-white object-contain p-0.5"
        />
      )}
      <span className="min-w-0 truncate font-semibold">{t('brandVia', { name: brand.name })}</span>
    </div>
  );
}
