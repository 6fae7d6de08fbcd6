import { z } from 'zod';
import { senderText } from './text';

/** WCAG 2.x AA for normal text: the brand colour carries white text (the brand bar, buttons). */
export const MIN_BRAND_CONTRAST = 4.5;
/** A logo is small: a header mark, not a poster. */
export const MAX_LOGO_BYTES = 1024 * 1024;
export const MAX_LOGO_PIXELS = 4_000_000;

/** The WCAG 2.x relative luminance of an sRGB colour `#rrggbb`. */
function luminance(hex: string): number {
  const channel = (at: number) => {
    const value = parseInt(hex.slice(at, at + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio of white text on `hex` (1 to 21). */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

export const ZBrandColor = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/, 'A colour as #rrggbb, e.g. #1d4ed8.')
  .refine(
    (hex) => contrastWithWhite(hex) >= MIN_BRAND_CONTRAST,
    `White text on this colour is hard to read: choose a darker one (contrast at least ${MIN_BRAND_CONTRAST}:1).`,
  );

export const ZBranding = z
  .object({
    color: z.string().nullable().meta({ description: '#rrggbb; null: Signet’s own.' }),
    senderName: z
      .string()
      .nullable()
      .meta({ description: 'Mails to signers come from "<senderName> via Signet"; null: the team’s name.' }),
    logoUrl: z.string().nullable().meta({ description: 'Where the logo is served (public, cacheable); null: none.' }),
  })
  .meta({ id: 'Branding' });

export const ZPutBrandingBody = z
  .object({
    color: ZBrandColor.nullable().optional(),
    senderName: senderText(60).nullable().optional(),
  })
  .meta({ id: 'PutBrandingBody', description: 'A field left out stays as it is; null resets it.' });

export type TBranding = z.infer<typeof ZBranding>;
export type TPutBrandingBody = z.infer<typeof ZPutBrandingBody>;
