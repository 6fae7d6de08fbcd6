import 'server-only';
import { getEnv } from '@/lib/env';
import type { Document } from '@/lib/generated/prisma/sqlite/client';

/** The workspace page of a document (the UI's address for it). */
export function documentUrl(document: Pick<Document, 'token'>): string {
  return `${getEnv().appUrl}/document/${document.token}`;
}
