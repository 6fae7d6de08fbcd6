import 'server-only';
import { sha256Hex } from '@/lib/sha256-hex';

export type TAuditHashFields = {
  documentId: string;
  type: string;
  actor: string;
  at: Date;
  data: string;
  ip: string | null;
  userAgent: string | null;
  prevHash: string | null;
};

/** SHA-256 over the event's fields and the previous hash: changing or removing any earlier event breaks every later hash. */
export function auditEventHash(fields: TAuditHashFields): string {
  const canonical = JSON.stringify([
    fields.documentId,
    fields.type,
    fields.actor,
    fields.at.toISOString(),
    fields.data,
    fields.ip,
    fields.userAgent,
    fields.prevHash,
  ]);
  return sha256Hex(canonical);
}
