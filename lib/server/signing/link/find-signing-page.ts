import 'server-only';
import { workspaceBrand, type TWorkspaceBrand } from '@/lib/server/branding/workspace-brand';
import { findSigningLink } from './resolve-signing-token';
import { signingLinkState, type TSigningLinkState } from './signing-link-state';

/** What /sign/{token} renders; the document's name only for a link that was issued. */
export type TSigningPage = {
  state: TSigningLinkState;
  documentName: string | null;
  /** The sending team's brand (docs/teams.md), for a working link only. */
  brand: TWorkspaceBrand | null;
};

/**
 * What /sign/{token} renders before its script runs: a working link (the page
 * then reads everything through GET /api/v1/signing/{token}, which marks it
 * opened: a mail scanner fetching the address marks nothing), or the state
 * page saying why it does not work, with the document's name only (none for
 * a link that never existed). Decided by signingLinkState, as the API's 410 is.
 */
export async function findSigningPage(token: string): Promise<TSigningPage> {
  const found = await findSigningLink(token);
  const state = signingLinkState(found);
  const brand = found && state === 'open' ? await workspaceBrand(found.document.workspaceId) : null;
  return { state, documentName: found?.document.name ?? null, brand };
}
