import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_MESSAGE_KEYS, SCOPED_CLIENT_MESSAGE_KEYS } from '@/lib/i18n/messages';

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
    const available = [...CLIENT_MESSAGE_KEYS, ...Object.values(SCOPED_CLIENT_MESSAGE_KEYS).flat()];
    const found = clientNamespaces();
    expect(found.length).toBeGreaterThan(5);
    const missing = found.filter(({ namespace }) => !available.some((key) => covers(key, namespace)));
    expect(missing).toEqual([]);
  });

  it('every scope is used by some page', () => {
    const sources = ['app', 'components'].flatMap((dir) => sourceFiles(path.join(root, dir))).map((file) => readFileSync(file, 'utf8'));
    for (const scope of Object.keys(SCOPED_CLIENT_MESSAGE_KEYS)) {
      expect(sources.some((text) => text.includes(`<ClientMessages scope="${scope}"`)), scope).toBe(true);
    }
  });
});
