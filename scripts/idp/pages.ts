// The local provider's HTML: a plain, accessible sign-in form (labelled
// fields, an alert for a wrong password, light and dark) and the logout pages.

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

const STYLE = `
:root{color-scheme:light dark;--bg:#f5f6fa;--card:#fff;--ink:#1b1d29;--muted:#4b5066;--border:#c9ccd8;--primary:#4b3fc4;--danger:#a3202a}
@media (prefers-color-scheme:dark){:root{--bg:#11121a;--card:#1c1e2a;--ink:#eceef6;--muted:#b4b8c9;--border:#3a3d50;--primary:#a9a2ff;--danger:#ff9aa2}}
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--ink);font:16px/1.5 system-ui,sans-serif;padding:1rem}
main{width:100%;max-width:24rem;background:var(--card);border:1px solid var(--border);border-radius:12px;padding:2rem}
h1{font-size:1.5rem;margin:0 0 .25rem}p{color:var(--muted);margin:0 0 1.25rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{width:100%;padding:.75rem .5rem;border:1px solid var(--border);border-radius:6px;background:var(--card);color:var(--ink);font:inherit}
input:focus-visible,button:focus-visible{outline:2px solid var(--primary);outline-offset:2px}
button{margin-top:1.5rem;width:100%;padding:.75rem;border:0;border-radius:8px;background:var(--primary);color:var(--card);font:inherit;font-weight:700;cursor:pointer}
.error{color:var(--danger);font-weight:600;margin:0 0 .5rem}
button.secondary{margin-top:.75rem;background:transparent;color:var(--primary);border:1px solid var(--border)}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function loginPage({ action, email = '', error }: { action: string; email?: string; error?: string }): string {
  const alert = error ? `<p class="error" role="alert" id="login-error">${escapeHtml(error)}</p>` : '';
  const described = error ? ' aria-describedby="login-error" aria-invalid="true"' : '';
  return page(
    'Sign in · Signet identity provider',
    `<h1>Sign in</h1><p>Signet local identity provider</p>${alert}
<form method="post" action="${escapeHtml(action)}" novalidate>
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${described}${email ? '' : ' autofocus'}>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required${described}${email ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
<button type="submit" name="cancel" value="yes" class="secondary" formnovalidate>Cancel</button></form>`,
  );
}

/** The app already asked the user; confirm the provider logout at once (a button remains without JavaScript). */
export function logoutPage(form: string): string {
  const confirmForm = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  return page(
    'Signing out · Signet identity provider',
    `<h1>Signing out…</h1>${confirmForm}<button type="submit" form="op.logoutForm">Sign out</button>
<script>document.getElementById('op.logoutForm').submit()</script>`,
  );
}

export function postLogoutPage(): string {
  return page('Signed out · Signet identity provider', '<h1>Signed out</h1><p>You have been signed out.</p>');
}
