import 'server-only';
import type { TSignatureBody } from '@/lib/api/v1/signature-body';
import type { SignatureKind } from '@/lib/generated/prisma/sqlite/client';
import type { TSignatureAppearance } from '@/lib/signatures/appearance';
import { normalizeSignatureImage } from './normalize-signature-image';
import { renderDrawn, type TDrawnShape } from './render-drawn';
import { renderTyped } from './render-typed';

export type TRenderedSignature = {
  kind: SignatureKind;
  appearance: TSignatureAppearance;
  shape?: TDrawnShape;
  text?: string;
  font?: string;
};

/** The visible signature from a validated body, whatever its kind: what is stored and what the seal draws. */
export async function renderSignature(body: TSignatureBody): Promise<TRenderedSignature> {
  switch (body.kind) {
    case 'drawn': {
      const { appearance, shape } = renderDrawn(body);
      return { kind: 'DRAWN', appearance, shape };
    }
    case 'typed': {
      const { appearance, font } = await renderTyped(body);
      return { kind: 'TYPED', appearance, text: body.text, font };
    }
    case 'image':
      return { kind: 'IMAGE', appearance: await normalizeSignatureImage(body) };
  }
}
