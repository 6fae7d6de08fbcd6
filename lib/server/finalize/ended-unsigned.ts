import type { DocumentStatus } from '@/lib/generated/prisma/sqlite/enums';

/** A document that ended without being signed: retention purges it as it does a completed one (docs/retention.md). */
export const ENDED_UNSIGNED: readonly DocumentStatus[] = ['DECLINED', 'CANCELLED', 'EXPIRED'];

export function endedUnsigned(status: DocumentStatus): boolean {
  return ENDED_UNSIGNED.includes(status);
}
