import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '@/lib/api/v1/openapi';

const root = path.resolve(import.meta.dirname, '../../../app/api/v1');

/** Every v1 route file with the HTTP methods it exports, as OpenAPI paths ({id} for [id]). */
function routes(): { path: string; methods: string[] }[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('route.ts') && !file.startsWith('openapi.json'))
    .map((file) => ({
      path: `/api/v1/${path.dirname(file).replace(/\[(\w+)\]/g, '{$1}')}`.replace(/\/\.$/, ''),
      methods: [
        ...readFileSync(path.join(root, file), 'utf8').matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g),
      ].map((match) => (match[1] ?? '').toLowerCase()),
    }));
}

describe('OpenAPI document against the route files', () => {
  it('documents every v1 route and method that exists', () => {
    const document = openApiDocument('https://signet.example');
    const found = routes();
    expect(found.length).toBeGreaterThan(10);
    for (const route of found) {
      for (const method of route.methods)
        expect(document.paths?.[route.path], `${method} ${route.path}`).toHaveProperty([method]);
    }
  });
});
