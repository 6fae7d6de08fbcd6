import { iconSprite } from '@/components/marketing/icons';

export const dynamic = 'force-static';

/** GET /icons.svg: the icon sprite; its address carries a fingerprint of the drawings (ICON_SPRITE_URL). */
export function GET() {
  return new Response(iconSprite(), {
    headers: { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable' },
  });
}
