import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROP_CLIENT_MESSAGE_KEYS, SCOPED_CLIENT_MESSAGE_KEYS } from '@/lib/i18n/messages';

const root = path.resolve(import.meta.dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

/** Namespaces the client components (files starting with 'use client') read with useTranslations. */
function clientNamespaces(): { file: string; namespace: string }[] {
  return ['app', 'components', 'lib'].flatMap((dir) =>
    sourceFiles(path.join(root, dir)).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      if (!/^\s*['"]use client['"]/.test(text)) return [];
      return [...text.matchAll(/useTranslations\(\s*['"]([^'"]+)['"]\s*\)/g)].map((match) => ({
        file: path.relative(root, file),
        namespace: match[1] ?? '',
      }));
    }),
  );
}

const covers = (key: string, namespace: string) => namespace === key || namespace.startsWith(`${key}.`);

describe('messages sent to the browser', () => {
  it('cover every namespace a client component translates with', () => {
    const available = [
      ...Object.values(SCOPED_CLIENT_MESSAGE_KEYS).flat(),
      ...Object.values(PROP_CLIENT_MESSAGE_KEYS).flat(),
    ];
    const found = clientNamespaces();
    expect(found.length).toBeGreaterThan(5);
    const missing = found.filter(({ namespace }) => !available.some((key) => covers(key, namespace)));
    expect(missing).toEqual([]);
  });

  it('every scope is used by some page', () => {
    const sources = ['app', 'components']
      .flatMap((dir) => sourceFiles(path.join(root, dir)))
      .map((file) => readFileSync(file, 'utf8'));
    for (const scope of Object.keys(SCOPED_CLIENT_MESSAGE_KEYS)) {
      expect(
        sources.some((text) => text.includes(`<ClientMessages scope="${scope}"`)),
        scope,
      ).toBe(true);
    }
  });

  it('every set of messages given as props is given by some server component', () => {
    const sources = ['app', 'components']
      .flatMap((dir) => sourceFiles(path.join(root, dir)))
      .map((file) => readFileSync(file, 'utf8'));
    for (const set of Object.keys(PROP_CLIENT_MESSAGE_KEYS)) {
      expect(
        sources.some((text) => text.includes(`PROP_CLIENT_MESSAGE_KEYS.${set}`)),
        set,
      ).toBe(true);
    }
  });

  it('reach no client component outside a scope: the rest get their text as props', () => {
    // next-intl's client runtime (about 12 kB gzipped) loads with every page whose first
    // load imports it. Only these client components may: each renders inside a
    // <ClientMessages> scope, or (the language list, the dialog host) loads on intent and brings its own provider.
    const allowed = [
      'components/account/settings-form.tsx',
      'components/contact/contact-form.tsx',
      'components/admin/delete-user-button.tsx',
      'components/api-keys/api-keys-section.tsx',
      'components/api-keys/created-key.tsx',
      'components/dashboard/cancel-dialog.tsx',
      'components/dashboard/dashboard-filters.tsx',
      'components/dashboard/document-actions.tsx',
      'components/dashboard/document-outcome.tsx',
      'components/dashboard/document-row.tsx',
      'components/dashboard/documents-dashboard.tsx',
      'components/dashboard/use-row-actions.tsx',
      'components/dialogs/dialog-host.tsx',
      // Dates in the viewer's time zone, inside the dashboard's and the workspace's scopes.
      'components/i18n/local-date-time.tsx',
      'components/layout/language-listbox.tsx',
      // The signer's page, inside the <ClientMessages scope="signing"> of /sign/{token}.
      'components/signing/auth-panel.tsx',
      'components/signing/consent-panel.tsx',
      'components/signing/decline-dialog.tsx',
      'components/signing/eid-panel.tsx',
      'components/signing/field-editor.tsx',
      'components/signing/guide-panel.tsx',
      'components/signing/signature-capture-dialog.tsx',
      'components/signing/signing-overlay.tsx',
      'components/signing/signing-page.tsx',
      'components/signing/signing-workspace.tsx',
      'components/signing/use-field-values.ts',
      'components/signing/viewer-auth-step.tsx',
      // Settings → Team inside <ClientMessages scope="settings">, the invitation's buttons inside scope="invite".
      'components/teams/invitation-actions.tsx',
      'components/teams/team-branding.tsx',
      'components/teams/team-section.tsx',
      'components/upload/quota-refusal.tsx',
      // Inside the upload scope of /welcome and the dashboard scope of /dashboard.
      'components/upload/quota-use.tsx',
      'components/upload/upload-panel.tsx',
      'components/upload/upload-progress.tsx',
      'components/upload/upload-source-listbox.tsx',
      // The public validator, inside the <ClientMessages scope="validator"> of /validator.
      'components/validator/signature-card.tsx',
      'components/validator/signet-card.tsx',
      'components/validator/validator-panel.tsx',
      'components/validator/verdict-banner.tsx',
      'components/viewer/document-viewer.tsx',
      'components/viewer/viewer-toolbar.tsx',
      // The owner's workspace, inside the <ClientMessages scope="workspace"> of /document/{doctoken}.
      'components/workspace/cancel-sending.tsx',
      'components/workspace/correct-declined.tsx',
      'components/workspace/draft-workspace.tsx',
      'components/workspace/field-layer.tsx',
      'components/workspace/field-palette.tsx',
      'components/workspace/field-settings.tsx',
      'components/workspace/fields-panel.tsx',
      'components/workspace/identity-review.tsx',
      'components/workspace/recipient-row.tsx',
      'components/workspace/seal-panel.tsx',
      'components/workspace/recipients-panel.tsx',
      'components/workspace/save-status.tsx',
      'components/workspace/send-issues.tsx',
      'components/workspace/sending-settings.tsx',
      'components/workspace/sent-workspace.tsx',
      'components/workspace/use-send.ts',
      // Also used by the dashboard's row actions, inside its scope.
      'components/workspace/use-correct-declined.ts',
      'lib/client/use-local-date-time.ts',
    ];
    const importers = ['app', 'components', 'lib']
      .flatMap((dir) => sourceFiles(path.join(root, dir)))
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        return /^\s*['"]use client['"]/.test(text) && /from ['"](next-intl|@\/lib\/i18n\/navigation)['"]/.test(text);
      })
      .map((file) => path.relative(root, file));
    expect(importers.filter((file) => !allowed.includes(file))).toEqual([]);
  });
});
