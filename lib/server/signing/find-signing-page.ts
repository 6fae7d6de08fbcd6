import 'server-only';
import type { TGoneReason } from '@/lib/api/v1/signing-session';
import { AppError } from '@/lib/errors';
import { resolveSigningToken } from './resolve-signing-token';

export type TSigningPage = { state: 'open'; documentName: string } | { state: 'gone'; reason: TGoneReason; documentName: string };

/**
 * What /sign/{token} renders before its script runs: a working link (the page
 * then reads everything through GET /api/v1/signing/{token}, which marks it
 * opened: a mail scanner fetching the address marks nothing), or why it no
 * longer works with the document's name only. Null for a link that never
 * existed (the plain not-found page).
 */
export async function findSigningPage(token: string): Promise<TSigningPage | null> {
  try {
    const { document } = await resolveSigningToken(token);
    return { state: 'open', documentName: document.name };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === 'NOT_FOUND') return null;
    if (error.code !== 'GONE') throw error;
    const { reason, documentName } = error.extensions as { reason: TGoneReason; documentName: string };
    return { state: 'gone', reason, documentName };
  }
}
