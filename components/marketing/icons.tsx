/**
 * Stroke icons (24×24, currentColor), drawn for this page; purely decorative.
 * They live once in the sprite /icons.svg (app/icons.svg/route.ts) and pages
 * refer to them with <use>: the landing repeats some icons dozens of times, and
 * each inline copy was paid twice, in the HTML and in the RSC payload.
 */
export const ICON_PATHS = {
  gift: 'M20 12v9H4v-9M2 7h20v5H2zM12 21V7M12 7H7.5a2.5 2.5 0 1 1 0-5C11 2 12 7 12 7zM12 7h4.5a2.5 2.5 0 1 0 0-5C13 2 12 7 12 7z',
  pen: 'M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z',
  code: 'M16 18l6-6-6-6M8 6l-6 6 6 6',
  form: 'M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6M8 13h8M8 17h5',
  puzzle: 'M4 7h3a2 2 0 1 1 4 0h3v3a2 2 0 1 1 0 4v3h-3a2 2 0 1 0-4 0H4v-3a2 2 0 1 0 0-4z',
  shieldCheck: 'M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10zM9 12l2 2 4-4',
  fingerprint:
    'M12 11v3a8 8 0 0 1-2 5M8 7.5A6 6 0 0 1 18 12v1M6 10.5A6 6 0 0 0 6 12v2a10 10 0 0 0 1 4.5M16 15.5a14 14 0 0 1-1.5 5M10 12a2 2 0 0 1 4 0v1a15 15 0 0 1-1.2 6',
  users:
    'M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM23 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8',
  devices:
    'M4 6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v7H4zM2 17h12M16 10h5a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1h-5a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1z',
  lock: 'M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4M12 15v2',
  document: 'M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6M9 15l2 2 4-4',
  building: 'M3 21h18M5 21V10M19 21V10M9 21v-6h6v6M2 10l10-7 10 7',
  signature: 'M3 17c3-1 4-9 6-9s-1 9 1 9 3-5 4-5 0 4 2 4 3-2 5-2M3 21h18',
  check: 'M20 6 9 17l-5-5',
  shield: 'M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z',
  bolt: 'M13 2 3 14h9l-1 8 10-12h-9z',
  scale: 'M12 3v18M5 21h14M3 7h18M6 7l-3 7a3 3 0 0 0 6 0zM18 7l-3 7a3 3 0 0 0 6 0z',
  chevronLeft: 'M15 18l-6-6 6-6',
  chevronRight: 'M9 18l6-6-6-6',
  chevronDown: 'M6 9l6 6 6-6',
  external: 'M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6M15 3h6v6M10 14 21 3',
  arrowRight: 'M5 12h14M13 5l7 7-7 7',
} as const;

export type IconName = keyof typeof ICON_PATHS;

export const STAR_PATH = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z';

/** FNV-1a of the drawings: the sprite's address changes with them, so it can be cached for good. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

export const ICON_SPRITE_URL = `/icons.svg?v=${fingerprint(JSON.stringify(ICON_PATHS) + STAR_PATH)}`;

/** The sprite: one <symbol> per icon, with the stroke settings the inline icons had. */
export function iconSprite(): string {
  const strokes = Object.entries(ICON_PATHS).map(
    ([name, d]) =>
      `<symbol id="${name}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="${d}"/></symbol>`,
  );
  const star = `<symbol id="star" viewBox="0 0 20 20" fill="currentColor"><path d="${STAR_PATH}"/></symbol>`;
  return `<svg xmlns="http://www.w3.org/2000/svg">${strokes.join('')}${star}</svg>`;
}

export function Icon({ name, className = 'h-6 w-6' }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" className={className}>
      <use href={`${ICON_SPRITE_URL}#${name}`} />
    </svg>
  );
}

export function Star({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <svg aria-hidden="true" className={className} data-star="">
      <use href={`${ICON_SPRITE_URL}#star`} />
    </svg>
  );
}
