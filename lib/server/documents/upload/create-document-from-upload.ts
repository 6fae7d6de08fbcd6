import 'server-only';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { AppError } from '@/lib/errors';
import type { Plan } from '@/lib/generated/prisma/sqlite/enums';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { db, type TDbClient } from '@/lib/server/db/client';
import { logger } from '@/lib/server/logger';
import { getOfficeConverter, type OfficeConverter } from '@/lib/server/office/convert-to-pdf';
import type { BlobStore } from '@/lib/server/storage/blob-store';
import { getBlobStore } from '@/lib/server/storage/get-blob-store';
import { claimedFileKind, convertedDocumentName } from '@/lib/upload/file-kind';
import { checkUploadContent } from './check-upload-content';
import { checkUploadQuota, planHasLimit } from './check-upload-quota';
import { claimPendingUpload, clearPendingUpload, markUploadPending, UPLOAD_SWEPT } from './pending-upload';
import { spoolUpload } from './spool-upload';
import { uploadLimits } from './upload-limits';
import { memberRoleNow } from '@/lib/server/workspaces/member-role-now';
import { lockWorkspaceRow } from '@/lib/server/workspaces/lock-workspace-row';

/** Who uploads, and the workspace the document goes to, with that workspace's plan (its quota). */
export type TUploadOwner = { id: string; email: string; workspaceId: string; plan: Plan };

export type TCreateDocumentFromUploadOptions = {
  owner: TUploadOwner;
  fileName: string;
  data: AsyncIterable<Uint8Array>;
  /** About how large `data` will be (e.g. the request's Content-Length); a PDF is collected in one buffer that size. */
  sizeHint?: number;
  ip?: string | null;
  userAgent?: string | null;
  /** Injected in tests; default to the process-wide ones and env limits. */
  client?: TDbClient;
  store?: BlobStore;
  converter?: OfficeConverter;
  limits?: { maxBytes: number; maxPages: number };
  tempRoot?: string;
};

const MAX_NAME_LENGTH = 255;

/** The name to show: no folder part, no control characters, at most 255 characters. */
export function documentName(fileName: string): string {
  const name = (fileName.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!name) throw new AppError('INVALID_INPUT', 'The file has no name.');
  return name.length > MAX_NAME_LENGTH ? name.slice(name.length - MAX_NAME_LENGTH) : name;
}

/** 192 random bits, URL-safe: the document's address in /document/{doctoken}. */
export function newDocumentToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Inside the commit: every blob the Document will point at is still there (the sweeper took none). */
async function assertStored(store: BlobStore, keys: (string | undefined)[]): Promise<void> {
  for (const key of keys) {
    if (key && !(await store.exists(key))) {
      logger.error('an upload lost its stored blob before its commit', { key });
      throw new AppError('SERVICE_UNAVAILABLE', UPLOAD_SWEPT);
    }
  }
}

/**
 * Upload → Document, all or nothing. Order: the claimed type (name), the
 * monthly quota, then the bytes are received under the size limit — streamed
 * into the store's put as they arrive (encrypted, hashed and written on the way,
 * so storing costs no extra pass) — and checked (magic bytes, PDF or office
 * inspection, conversion). A PDF is also kept in memory for its check, an
 * office file in a temp folder. A PDF that needed no change is stored once
 * (currentBlob stays null, see workingPdfBlob); otherwise the PDF the product
 * works on is stored as currentBlob. The Document and its "uploaded" audit
 * event are created in one transaction. Any refusal or crash removes what was
 * stored and the temp folder (office files only).
 */
export async function createDocumentFromUpload(options: TCreateDocumentFromUploadOptions) {
  const client = options.client ?? db;
  const limits = options.limits ?? uploadLimits();
  const fileName = documentName(options.fileName);
  const kind = claimedFileKind(fileName);
  const name = convertedDocumentName(fileName, kind);
  // A plan without a monthly limit (Pro, Enterprise) has nothing to count.
  const limited = planHasLimit(options.owner.plan);
  if (limited) await checkUploadQuota(options.owner, { client });

  // A PDF is received into memory (pdf-lib needs it whole) and needs no temp folder; office files
  // are spooled to a private one (converters and ZIP readers seek).
  const inMemory = kind.container === 'pdf';
  const work = inMemory ? null : await mkdtemp(path.join(options.tempRoot ?? tmpdir(), 'signet-upload-'));
  const store = options.store ?? getBlobStore();
  const folder = `documents/${randomUUID()}`;
  const originalKey = `${folder}/original.${kind.extension}`;
  const stored: string[] = [originalKey];
  // Recorded as the bytes start to arrive (its commit overlaps the receive): the sweeper leaves a
  // pending upload's folder alone however long it waits, and it only looks at blobs an hour old,
  // long after this row exists. The commit below waits for it.
  const pending = markUploadPending(client, folder);
  pending.catch(() => undefined); // awaited below; this only keeps an early failure from being unhandled
  // The store's put seals, hashes (~7 ms per 10 MB) and writes the bytes on this thread as they
  // arrive, so storing costs no pass of its own after the receive.
  const tee = new PassThrough({ highWaterMark: 1024 * 1024 });
  // Errors reach the put through its iteration; this listener only keeps an
  // early refusal (before the put reads) from becoming an unhandled 'error' event.
  tee.on('error', () => undefined);
  const originalPut = store.put(originalKey, tee);
  // A store that fails stops the receive instead of leaving it waiting on back-pressure.
  originalPut.catch((error: unknown) => tee.destroy(error as Error));
  try {
    const spooled = await spoolUpload(options.data, work, {
      maxBytes: limits.maxBytes,
      keepInMemory: inMemory,
      sizeHint: options.sizeHint,
      tee,
    });
    const checking = checkUploadContent(kind, spooled, {
      maxPages: limits.maxPages,
      converter: options.converter ?? getOfficeConverter(),
    });
    const [content, received] = await Promise.all([checking, originalPut]);
    if (received.size !== spooled.size) throw new Error('the stored original differs from the received bytes');
    // A damaged PDF is never kept as it came: its repair takes the original's place; the received bytes' hash goes to the audit trail.
    const original = content.repairedOriginal ? await store.put(originalKey, content.repairedOriginal.bytes) : received;
    let current: { key: string; sha256: string } | null = null;
    // A converted office file, or a PDF whose scripts were taken out, is stored as the working PDF.
    if (content.workingPdf) {
      stored.push(`${folder}/current.pdf`);
      current = await store.put(`${folder}/current.pdf`, content.workingPdf);
    }

    await pending;
    return await client.$transaction(async (tx) => {
      // Under the workspace's row lock, which a member's removal takes too: an upload that took long is stored
      // only if its maker is still a member, and parallel uploads of its members count one after the other, so
      // they cannot together pass the plan's limit (counted again here).
      await lockWorkspaceRow(tx, options.owner.workspaceId);
      await memberRoleNow(tx, options.owner.workspaceId, options.owner.id);
      if (limited) await checkUploadQuota(options.owner, { client: tx as unknown as TDbClient });
      // The sweeper may have judged a very old upload abandoned: commit only what is still stored.
      await claimPendingUpload(tx, folder);
      await assertStored(store, [original.key, current?.key]);
      const document = await tx.document.create({
        data: {
          token: newDocumentToken(),
          name,
          ownerId: options.owner.id,
          workspaceId: options.owner.workspaceId,
          mode: 'EDIT',
          status: 'DRAFT',
          originalBlob: original.key,
          originalSha256: original.sha256,
          currentBlob: current?.key ?? null,
          currentSha256: current?.sha256 ?? null,
          pageCount: content.pageCount,
        },
      });
      await appendAuditEvent(tx, {
        documentId: document.id,
        type: 'document.uploaded',
        actor: options.owner.id,
        ip: options.ip,
        userAgent: options.userAgent,
        data: {
          name,
          size: spooled.size,
          sha256: original.sha256,
          ...(content.repairedOriginal
            ? { receivedSha256: received.sha256, repairs: content.repairedOriginal.reasons }
            : {}),
          pdfSha256: current?.sha256 ?? original.sha256,
          pageCount: content.pageCount,
          convertedFrom: kind.container === 'pdf' ? null : kind.extension,
          // The uploaded file's own name, where the document's name dropped its office extension.
          ...(fileName === name ? {} : { fileName }),
          scriptsRemoved: content.strippedScripts,
        },
      });
      return document;
    });
  } catch (error) {
    tee.destroy();
    await originalPut.catch(() => undefined);
    for (const key of stored) {
      await store
        .delete(key)
        .catch((cause: unknown) => logger.error('could not remove a blob of a failed upload', { key, error: cause }));
    }
    await pending.catch(() => undefined);
    await clearPendingUpload(client, folder).catch((cause: unknown) =>
      logger.error('could not clear a failed pending upload', { folder, error: cause }),
    );
    throw error;
  } finally {
    if (work) await rm(work, { recursive: true, force: true });
  }
}
