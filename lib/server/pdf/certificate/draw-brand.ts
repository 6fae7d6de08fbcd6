import { rgb, type PDFImage } from 'pdf-lib';
import { COLORS, type PageWriter } from './page-writer';
import type { TCertificateBrand, TCertificateT } from './types';

const BAND = 32;
const LOGO = 22;

function hexColor(hex: string) {
  return rgb(
    parseInt(hex.slice(1, 3), 16) / 255,
    parseInt(hex.slice(3, 5), 16) / 255,
    parseInt(hex.slice(5, 7), 16) / 255,
  );
}

/** The sending team's band above the certificate's title: its logo and "ACME via Signet" in white on its colour. */
export function drawBrand(writer: PageWriter, brand: TCertificateBrand, logo: PDFImage | null, t: TCertificateT): void {
  const top = writer.y + 10;
  writer.page.drawRectangle({
    x: writer.left,
    y: top - BAND,
    width: writer.width,
    height: BAND,
    color: brand.color ? hexColor(brand.color) : COLORS.accent,
  });
  let x = writer.left + 8;
  if (logo) {
    const scale = LOGO / logo.height;
    const width = Math.min(logo.width * scale, 120);
    writer.page.drawRectangle({ x: x - 2, y: top - BAND + 3, width: width + 4, height: LOGO + 4, color: rgb(1, 1, 1) });
    writer.page.drawImage(logo, { x, y: top - BAND + 5, width, height: (width / logo.width) * logo.height });
    x += width + 10;
  }
  writer.drawAt(t('brandVia', { name: brand.name }), top - 11, {
    size: 11,
    bold: true,
    color: rgb(1, 1, 1),
    x,
    width: writer.left + writer.width - x - 8,
  });
  writer.y = top - BAND - 14;
}

/** The logo as the PDF embeds it; a logo pdf-lib cannot read is left out rather than failing the seal. */
export async function embedBrandLogo(
  writer: PageWriter,
  brand: TCertificateBrand | undefined,
): Promise<PDFImage | null> {
  if (!brand?.logo) return null;
  try {
    return brand.logo.contentType === 'image/png'
      ? await writer.doc.embedPng(brand.logo.bytes)
      : await writer.doc.embedJpg(brand.logo.bytes);
  } catch {
    return null;
  }
}
