import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GET } from '@/app/fonts/signature/[file]/route';
import { signatureFonts } from '@/lib/server/signatures/fonts';

const get = (file: string) =>
  GET(new Request(`http://signet.test/fonts/signature/${file}`), { params: Promise.resolve({ file }) });

describe('GET /fonts/signature/{id}.ttf', () => {
  it.each(signatureFonts())('serves $id, the file the server lays typed signatures out with', async (font) => {
    const response = await get(`${font.id}.ttf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('font/ttf');
    expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(font.file))).toBe(true);
  });

  it.each(['comic-sans.ttf', 'caveat', 'caveat.woff2', '..%2F..%2Fpackage.json', '../../package.json'])(
    'answers 404 for %s',
    async (file) => {
      const response = await get(file);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('problem+json');
    },
  );
});
