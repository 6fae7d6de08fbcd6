import 'server-only';

export type TSealLevel = 'B-B' | 'B-T' | 'B-LT' | 'B-LTA';

/** `pageCount`: the sealable file's pages (the document's and the certificate's; the seal adds none), shown in the document's details. */
export type TPreparedPdf = {
  bytes: Uint8Array;
  flattenedSha256: string;
  flattenedLength: number;
  certificate: Uint8Array;
  pageCount?: number;
};
export type TSealedPdf = { bytes: Uint8Array; level: TSealLevel; signedAt: Date; timestampAt: Date | null };

/**
 * The two pieces of work finalization orchestrates, written elsewhere:
 * flattening with the certificate of completion (FLATTEN) and the PAdES seal
 * (SEAL). Injected so the orchestration's idempotence is tested on its own.
 */
export type TFinalizeSteps = {
  /** Deterministic for the same database state: a retry prepares the same bytes. */
  prepare: (documentId: string, options: { completedAt: Date; signal?: AbortSignal }) => Promise<TPreparedPdf>;
  /** Throws a retryable AppError (e.g. tsa_unavailable) when the timestamp authority fails. */
  seal: (bytes: Uint8Array, options: { signal?: AbortSignal }) => Promise<TSealedPdf>;
};

/** The product's steps, loaded when the first document is finalized (the seal pulls in the PDF and crypto libraries). */
export const productionFinalizeSteps: TFinalizeSteps = {
  prepare: async (documentId, options) =>
    (await import('./prepare-sealable-pdf')).prepareSealablePdf(documentId, options),
  seal: async (bytes, options) => (await import('./seal-with-instance-key')).sealWithInstanceKey(bytes, options),
};
