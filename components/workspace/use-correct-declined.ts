'use client';

import { useLocale } from 'next-intl';
import { useState } from 'react';
import type { TCorrectionDraft } from '@/lib/api/v1/documents';
import { ApiProblem } from '@/lib/client/v1-api';
import { getPathname } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { useDocumentRequest } from './document-workspace';

/** The workspace of a document, in the language the owner is reading (the API's url is the unprefixed one). */
const workspacePath = (url: string, locale: Locale) => getPathname({ href: new URL(url).pathname, locale });

/**
 * "Correct and send again": asks the API for a draft copy of the declined
 * document and opens it for editing. A document corrected already (409
 * already_corrected, e.g. a second tab) opens the draft made then.
 * `onFailed` gets the refusal for the caller to show.
 */
export function useCorrectDeclined(onFailed: (error: unknown) => void) {
  const locale = useLocale() as Locale;
  const request = useDocumentRequest();
  const [busy, setBusy] = useState(false);
  const correct = async (documentId: string) => {
    setBusy(true);
    try {
      const draft = await request<TCorrectionDraft>(`/documents/${encodeURIComponent(documentId)}/correction`, {
        method: 'POST',
      });
      window.location.assign(workspacePath(draft.url, locale));
    } catch (error) {
      const existing =
        error instanceof ApiProblem && error.body.reason === 'already_corrected' && typeof error.body.url === 'string'
          ? error.body.url
          : null;
      if (existing) return window.location.assign(workspacePath(existing, locale));
      setBusy(false);
      onFailed(error);
    }
  };
  return { correct, busy };
}
