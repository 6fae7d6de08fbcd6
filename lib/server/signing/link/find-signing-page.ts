import 'server-only';
import { findSigningLink } from './resolve-signing-token';
import { signingLinkState, type TSigningLinkState } from './signing-link-state';

/** What /sign/{token} renders; the document's name only for a link that was issued. */
export type TSigningPage = { state: TSigningLinkState; documentName: string | null };

/**
 * What /sign/{token} renders before its script runs: a working link (the page
 * then reads everything through GET /api/v1/signing/{token}, which marks it
 * opened: a mail scanner fetching the address marks nothing), or the state
 * page saying why it does not work, with the document's name only (none for
 * a link that never existed). Decided by signingLinkState, as the API's 410 is.
 */
export async function findSigningPage(token: string): Promise<TSigningPage> {
  const found = await findSigningLink(token);
  return { state: signingLinkState(found), documentName: found?.document.name ?? null };
}
