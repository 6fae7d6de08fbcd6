import { getTranslations } from 'next-intl/server';
import { ImageResponse } from 'next/og';
import { isLocale, locales } from '@/lib/i18n/routing';
import { OG_IMAGE } from '@/lib/seo/metadata';

// One preview image per locale, rendered at build time: no request ever renders it.
export const dynamic = 'force-static';
export const dynamicParams = false;

export function generateStaticParams() {
  return locales.map((locale) => ({ locale }));
}

/**
 * The locale's Open Graph / Twitter card image (1200×630 PNG). Text uses
 * next/og's bundled font (Latin with the extended range Czech needs), so
 * rendering never fetches a font.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) return new Response(null, { status: 404 });
  const meta = await getTranslations({ locale, namespace: 'metadata' });
  const t = await getTranslations({ locale, namespace: 'seo.ogImage' });
  const title = meta('title').replace(/^Signet:\s*/, '');
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: '72px 80px',
        color: '#ffffff',
        backgroundImage: 'linear-gradient(135deg, #22184d 0%, #4c33ce 55%, #1557de 100%)',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 20, fontSize: 48, fontWeight: 700 }}>
        <svg
          width="64"
          height="64"
          viewBox="0 0 24 24"
          fill="none"
          stroke="#ffffff"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M3 18c3-1 4-10 6-10s-1 10 1 10 3-6 4-6 0 4 2 4 3-2 5-2" />
        </svg>
        Signet
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 24 }}>
        <div style={{ fontSize: 76, fontWeight: 700, lineHeight: 1.1, letterSpacing: -1 }}>{title}</div>
        <div style={{ fontSize: 36, color: '#cbcbff' }}>{t('tagline')}</div>
      </div>
      <div style={{ display: 'flex' }}>
        <div
          style={{ display: 'flex', fontSize: 28, padding: '12px 28px', borderRadius: 999, backgroundColor: '#0d7b40' }}
        >
          {t('badge')}
        </div>
      </div>
    </div>,
    { width: OG_IMAGE.width, height: OG_IMAGE.height },
  );
}
