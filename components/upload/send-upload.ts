import { XSRF_COOKIE, XSRF_HEADER } from '@/lib/auth/xsrf';
import { WORKSPACE_HEADER } from '@/lib/api/v1/workspace-names';
import { readCookie } from '@/lib/http/cookies';

/** `aborted`: the caller cancelled it (status 0, no answer). */
export type TUploadAnswer = { status: number; body: unknown; aborted?: true };

/**
 * POST /api/documents as multipart (field "file") with XMLHttpRequest rather
 * than fetch: only XHR reports upload progress. Carries the anti-forgery
 * header like apiFetch does. Resolves with status 0 on a network failure.
 * `signal` cancels it: the connection closes mid-body, and the server, which
 * stores a document only once the whole body has arrived and passed, keeps nothing.
 */
export function sendUpload(
  file: File,
  options: {
    locale: string;
    onProgress: (percent: number) => void;
    signal?: AbortSignal;
    /** The workspace the page showed: the upload lands there, whatever another tab made current since. */
    workspace?: string;
  },
): Promise<TUploadAnswer> {
  return new Promise((resolve) => {
    if (options.signal?.aborted) return resolve({ status: 0, body: null, aborted: true });
    const request = new XMLHttpRequest();
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.open('POST', '/api/documents');
    request.responseType = 'text';
    request.withCredentials = true;
    const token = readCookie(document.cookie, XSRF_COOKIE);
    if (token) request.setRequestHeader(XSRF_HEADER, token);
    if (options.workspace) request.setRequestHeader(WORKSPACE_HEADER, options.workspace);
    // Problem titles come back in the page's language.
    request.setRequestHeader('Accept-Language', options.locale);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    });
    request.upload.addEventListener('load', () => options.onProgress(100));
    request.addEventListener('load', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      resolve({ status: request.status, body });
    });
    request.addEventListener('error', () => resolve({ status: 0, body: null }));
    request.addEventListener('abort', () => resolve({ status: 0, body: null, aborted: true }));
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}
