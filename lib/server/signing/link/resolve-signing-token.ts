import 'server-only';
import { AppError } from '@/lib/errors';
import { db, type TDbClient } from '@/lib/server/db/client';
import { hashSigningToken } from './signing-link';
import { signingLinkState } from './signing-link-state';

/** Longest token accepted: ours are 43 characters; anything far longer is not one (and is not hashed). */
const MAX_TOKEN_LENGTH = 128;

/** The link behind a token with its recipient and document, or null for one never issued. */
export async function findSigningLink(token: string, client: TDbClient = db) {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const link = await client.signingLink.findUnique({
    where: { tokenHash: hashSigningToken(token) },
    include: { recipient: { include: { document: true } } },
  });
  if (!link) return null;
  const {
    recipient: { document, ...recipient },
    ...rest
  } = link;
  return { link: rest, recipient, document };
}

/**
 * The recipient and document behind a signing token, for the signer's
 * endpoints (/api/v1/signing/{token}/…): 404 for a token that never existed,
 * 410 with `reason` and `documentName` for one that no longer works (docs/api.md, Signing links),
 * so the page can say why. Call it first on every signer request.
 */
export async function resolveSigningToken(token: string, client: TDbClient = db) {
  const found = await findSigningLink(token, client);
  const state = signingLinkState(found);
  if (!found || state === 'unknown') throw new AppError('NOT_FOUND', 'No such signing link.');
  if (state !== 'open') {
    throw new AppError('GONE', `This signing link no longer works: ${state}.`, {
      extensions: { reason: state, documentName: found.document.name },
    });
  }
  return { linkId: found.link.id, recipient: found.recipient, document: found.document };
}

/** A resolved signing link: its recipient and document, as every signer operation takes them. */
export type TSigner = Awaited<ReturnType<typeof resolveSigningToken>>;
