import { AppError } from '@/lib/errors';

/**
 * Why a seal could not be made now. All are worth retrying later (the
 * finalize job's backoff): the time-stamp authority or a revocation source
 * may answer then. `extensions.reason` names which.
 */
export type TSealFailure = 'tsa_unavailable' | 'revocation_unavailable' | 'seal_room_exhausted';

function sealFailure(reason: TSealFailure, detail: string): AppError {
  return new AppError('SERVICE_UNAVAILABLE', detail, {
    extensions: { reason, retryable: true },
    retryAfterSeconds: 60,
  });
}

export function tsaUnavailable(url: string, problem: string): AppError {
  return sealFailure(
    'tsa_unavailable',
    `The time-stamp authority ${url} did not give a valid timestamp (${problem}); the document was not sealed.`,
  );
}

export function revocationUnavailable(problem: string): AppError {
  return sealFailure(
    'revocation_unavailable',
    `Revocation data for the long-term validation could not be fetched (${problem}); the document was not sealed.`,
  );
}

export function roomExhausted(needed: number): AppError {
  return sealFailure(
    'seal_room_exhausted',
    `The signature kept outgrowing its reserved room (last need: ${needed} bytes).`,
  );
}

/** The reason of a seal failure, or null for any other error. */
export function sealFailureReason(error: unknown): TSealFailure | null {
  if (!(error instanceof AppError) || error.code !== 'SERVICE_UNAVAILABLE') return null;
  const reason = error.extensions?.reason;
  return reason === 'tsa_unavailable' || reason === 'revocation_unavailable' || reason === 'seal_room_exhausted'
    ? reason
    : null;
}
