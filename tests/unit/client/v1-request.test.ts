import { afterEach, describe, expect, it, vi } from 'vitest';
import { WORKSPACE_COOKIE, WORKSPACE_HEADER } from '@/lib/api/v1/workspaces';
import { workspaceCookieString } from '@/lib/client/current-workspace';
import { ApiProblem, v1Request } from '@/lib/client/v1-api';

/** The browser's fetch, answering `status` with `body`, and what it was asked. */
function stubFetch(status = 200, body: unknown = {}) {
  const fetch = vi.fn(async (_input: string, _init: RequestInit) => Response.json(body, { status }));
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=xsrf' });
  return fetch;
}

const sent = (fetch: ReturnType<typeof stubFetch>) => {
  const [url, init] = fetch.mock.calls[0] ?? [];
  return { url, method: init?.method, headers: new Headers(init?.headers), body: init?.body };
};

afterEach(() => vi.unstubAllGlobals());

describe('v1Request', () => {
  it('names the workspace it is given in X-Signet-Workspace (a document page acting in the document’s)', async () => {
    const fetch = stubFetch();
    await v1Request('/documents/d1/send', { method: 'POST', body: { locale: 'en' }, workspace: 'team-1' });
    const call = sent(fetch);
    expect(call).toMatchObject({ url: '/api/v1/documents/d1/send', method: 'POST', body: '{"locale":"en"}' });
    expect(call.headers.get(WORKSPACE_HEADER)).toBe('team-1');
    expect(call.headers.get('content-type')).toBe('application/json');
    expect(call.headers.get('x-xsrf-token')).toBe('xsrf');
  });

  it('names none without it: the call acts in the current workspace (its cookie)', async () => {
    const fetch = stubFetch();
    await v1Request('/documents');
    const call = sent(fetch);
    expect(call.headers.has(WORKSPACE_HEADER)).toBe(false);
    expect(call.headers.has('content-type')).toBe(false);
  });

  it('sends a form as it is (multipart: the browser sets the type and boundary), with the anti-forgery header', async () => {
    const fetch = stubFetch();
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'logo.png');
    await v1Request('/teams/t1/branding/logo', { method: 'PUT', form });
    const call = sent(fetch);
    expect(call.body).toBe(form);
    expect(call.headers.has('content-type')).toBe(false);
    expect(call.headers.get('x-xsrf-token')).toBe('xsrf');
  });

  it('throws a refusal as an ApiProblem with its detail', async () => {
    stubFetch(404, { code: 'NOT_FOUND', detail: 'There is no such workspace, or you are not a member of it.' });
    await expect(v1Request('/documents/d1/remind', { method: 'POST', workspace: 'gone' })).rejects.toMatchObject({
      name: 'ApiProblem',
      status: 404,
      detail: 'There is no such workspace, or you are not a member of it.',
    } satisfies Partial<ApiProblem>);
  });
});

describe('the current-workspace cookie', () => {
  it('is the one the server reads, for the whole site, kept a year, sent on top-level navigations', () => {
    expect(workspaceCookieString('cm1 team')).toBe(
      `${WORKSPACE_COOKIE}=cm1%20team; path=/; max-age=31536000; samesite=lax`,
    );
  });
});
