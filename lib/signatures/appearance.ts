/**
 * What a signature looks like, as stored for display and for the seal: a
 * vector path (drawn and typed signatures, filled with the nonzero rule, in
 * the units of its viewBox, y downwards as in SVG) or a checked, re-encoded
 * image. Neither needs the biometric record to be decrypted.
 */
export type TViewBox = { x: number; y: number; width: number; height: number };

export type TVectorAppearance = { type: 'vector'; viewBox: TViewBox; path: string };
export type TImageAppearance = {
  type: 'image';
  mime: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  base64: string;
};
export type TSignatureAppearance = TVectorAppearance | TImageAppearance;

const round = (value: number) => Math.round(value * 100) / 100;

/** A standalone SVG of a vector signature (ink colour fixed: it is the signature, not a themed UI element). */
export function vectorToSvg(appearance: TVectorAppearance): string {
  const { x, y, width, height } = appearance.viewBox;
  const box = [x, y, width, height].map(round).join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${box}" width="${round(width)}" height="${round(height)}"><path fill="#0b1f4d" fill-rule="nonzero" d="${appearance.path}"/></svg>`;
}

/** A data URL an <img> shows: the SVG of a vector signature, or the image itself. */
export function appearanceDataUrl(appearance: TSignatureAppearance): string {
  if (appearance.type === 'image') return `data:${appearance.mime};base64,${appearance.base64}`;
  // The SVG is ASCII (numbers and path letters), so btoa works in the browser and in Node.
  return `data:image/svg+xml;base64,${btoa(vectorToSvg(appearance))}`;
}
