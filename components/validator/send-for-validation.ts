import { type TValidationReport, ZValidationReport } from '@/lib/api/v1/validate';

/** Why a check was refused, as a key of the `validator.errors` messages. */
export type TValidationFailure =
  'notPdf' | 'tooLarge' | 'damaged' | 'tooComplex' | 'busy' | 'rateLimited' | 'empty' | 'failed';

const FAILURES: Record<string, TValidationFailure> = {
  FILE_TYPE_MISMATCH: 'notPdf',
  UNSUPPORTED_MEDIA_TYPE: 'notPdf',
  PAYLOAD_TOO_LARGE: 'tooLarge',
  CORRUPT_FILE: 'damaged',
  ENCRYPTED_FILE: 'damaged',
  UNSAFE_FILE: 'damaged',
  TOO_MANY_PAGES: 'damaged',
  TOO_COMPLEX: 'tooComplex',
  SERVICE_UNAVAILABLE: 'busy',
  RATE_LIMITED: 'rateLimited',
  EMPTY_FILE: 'empty',
};

/** POST /api/v1/validate with the file; the report, or which refusal it was. */
export async function sendForValidation(
  file: File,
): Promise<{ report: TValidationReport } | { failure: TValidationFailure }> {
  const form = new FormData();
  form.append('file', file, file.name || 'document.pdf');
  try {
    const response = await fetch('/api/v1/validate', { method: 'POST', body: form });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) {
      const parsed = ZValidationReport.safeParse(body);
      return parsed.success ? { report: parsed.data } : { failure: 'failed' };
    }
    const code = body && typeof body === 'object' && 'code' in body ? String(body.code) : '';
    return { failure: FAILURES[code] ?? 'failed' };
  } catch {
    return { failure: 'failed' };
  }
}
