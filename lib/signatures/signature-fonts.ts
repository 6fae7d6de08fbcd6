/**
 * The handwriting fonts a typed signature may use (docs/signatures.md: a typed
 * body's `font` is one of these ids; without it, the first). All are SIL OFL 1.1
 * (Google Fonts, shipped as full TTFs by the @expo-google-fonts/* packages) and
 * cover Portuguese, Czech and Spanish letters (tests/unit/signatures/fonts.test.ts).
 * Shared by the browser (preview) and the server (rendering): no file paths here.
 */
export const SIGNATURE_FONT_IDS = ['dancing-script', 'great-vibes', 'caveat', 'sacramento'] as const;

export type TSignatureFontId = (typeof SIGNATURE_FONT_IDS)[number];

export type TSignatureFontInfo = {
  id: TSignatureFontId;
  /** The family name the browser registers the font under (FontFace) and shows in the picker. */
  family: string;
  /** Where the browser loads the TTF from (app/fonts/signature/[file]/route.ts). */
  url: string;
};

const FAMILIES: Record<TSignatureFontId, string> = {
  'dancing-script': 'Dancing Script',
  'great-vibes': 'Great Vibes',
  caveat: 'Caveat',
  sacramento: 'Sacramento',
};

export const SIGNATURE_FONTS: readonly TSignatureFontInfo[] = SIGNATURE_FONT_IDS.map((id) => ({
  id,
  family: FAMILIES[id],
  url: `/fonts/signature/${id}.ttf`,
}));

export const DEFAULT_SIGNATURE_FONT: TSignatureFontId = SIGNATURE_FONT_IDS[0];

export function isSignatureFontId(value: string): value is TSignatureFontId {
  return (SIGNATURE_FONT_IDS as readonly string[]).includes(value);
}

export function signatureFontInfo(id: TSignatureFontId): TSignatureFontInfo {
  return SIGNATURE_FONTS.find((font) => font.id === id) ?? SIGNATURE_FONTS[0]!;
}
