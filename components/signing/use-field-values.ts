'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import type { TField } from '@/lib/api/v1/fields';
import type { TSignatureBody } from '@/lib/api/v1/signature-body';
import type { TSigningSession } from '@/lib/api/v1/signing-session';
import { ApiProblem } from '@/lib/client/v1-api';
import { prefill } from '@/lib/signing/signing-steps';
import { formatFileSize } from '@/lib/upload/format-file-size';
import type { TSigningEnd } from './signing-end';
import { goneReason, putFieldFile, putFieldSignature, putFieldValue } from './signing-requests';

type TValues = Record<string, string | null>;

/**
 * The signer's answers: `values` as shown (typed, or prefilled with their
 * name and email), `saved` as the server has them (PUT …/fields/{id}). A
 * refusal is said once: on the field when the guide shows it (`shownField`),
 * in a toast when it does not; a dead link ends the page.
 */
export function useFieldValues(
  token: string,
  session: TSigningSession,
  onEnd: (end: TSigningEnd) => void,
  onStepBack: (needs: 'consent' | 'auth') => void,
  shownField: () => string | null,
) {
  const t = useTranslations('signing');
  const locale = useLocale();
  const [values, setValues] = useState<TValues>(() =>
    Object.fromEntries(session.fields.map((field) => [field.id, prefill(field, session.recipient)])),
  );
  const [saved, setSaved] = useState<TValues>(() =>
    Object.fromEntries(session.fields.map((field) => [field.id, field.value])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  // A save in flight per field: leaving an input and pressing "Next field" at once send one PUT, not two.
  const inFlight = useRef(new Map<string, { value: string; done: Promise<boolean> }>());

  const tell = (field: TField | null, reason: string) => {
    if (field) setErrors((current) => ({ ...current, [field.id]: reason }));
    if (!field || field.id !== shownField()) toast.error(t('field.saveFailed', { reason }));
  };

  /** Says why a call was refused; a dead link ends the page instead. */
  const refused = (field: TField | null, error: unknown): void => {
    const gone = goneReason(error);
    if (gone) return onEnd({ kind: 'gone', reason: gone });
    // The server's order of checks (docs/api.md, Signer changes): consent (409), then authentication (401); the page goes back to that step.
    if (error instanceof ApiProblem && error.body.reason === 'consent_required') onStepBack('consent');
    if (error instanceof ApiProblem && error.body.reason === 'auth_required') onStepBack('auth');
    tell(field, error instanceof ApiProblem ? (error.errors[0]?.message ?? error.detail ?? error.code) : t('offline'));
  };

  const stored = (field: TField, answer: TField) => {
    setSaved((current) => ({ ...current, [field.id]: answer.value }));
    setValues((current) => ({ ...current, [field.id]: answer.value }));
    setErrors(({ [field.id]: _dropped, ...rest }) => rest);
  };

  /** Saves the field's shown value (or `value`) unless the server has it already; true when it has it now. */
  const save = async (field: TField, value: string | null = values[field.id] ?? null): Promise<boolean> => {
    if (value === (saved[field.id] ?? null) || ((value === null || value === '') && saved[field.id] == null))
      return true;
    const pending = inFlight.current.get(field.id);
    if (pending?.value === (value ?? '')) return pending.done;
    setBusy(field.id);
    const done = putFieldValue(token, field.id, value ?? '').then(
      (answer) => (stored(field, answer), true),
      (error: unknown) => (refused(field, error), false),
    );
    inFlight.current.set(field.id, { value: value ?? '', done });
    const ok = await done;
    if (inFlight.current.get(field.id)?.done === done) inFlight.current.delete(field.id);
    setBusy(null);
    return ok;
  };

  const upload = async (field: TField, file: File): Promise<boolean> => {
    // Refused here rather than by the server, which closes the connection on a body that is too large (a browser may report that as a network error).
    if (file.size > session.attachments.maxBytes) {
      tell(
        field,
        t('field.attachmentTooLarge', {
          size: formatFileSize(file.size, locale),
          max: formatFileSize(session.attachments.maxBytes, locale),
        }),
      );
      return false;
    }
    setBusy(field.id);
    try {
      stored(field, await putFieldFile(token, field.id, file));
      return true;
    } catch (error) {
      refused(field, error);
      return false;
    } finally {
      setBusy(null);
    }
  };

  /**
   * Signs `field` with the dialog's body; with `applyToAll`, also every other
   * field of the same type that is still empty (one PUT each: each field gets
   * its own rendering and biometric record). Stops at the first refusal.
   */
  const sign = async (field: TField, body: TSignatureBody, applyToAll: boolean): Promise<boolean> => {
    const targets = [
      field,
      ...(applyToAll
        ? session.fields.filter(
            (other) => other.id !== field.id && other.type === field.type && saved[other.id] == null,
          )
        : []),
    ];
    for (const target of targets) {
      setBusy(target.id);
      try {
        stored(target, await putFieldSignature(token, target.id, body));
      } catch (error) {
        refused(target, error);
        setBusy(null);
        return false;
      }
    }
    setBusy(null);
    return true;
  };

  const change = (field: TField, value: string | null) => setValues((current) => ({ ...current, [field.id]: value }));
  return { values, saved, errors, busy, save, upload, sign, change, refused };
}
