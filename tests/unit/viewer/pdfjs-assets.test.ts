import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PDFJS_ASSET_KINDS, pdfJsAssetBase, pdfJsAssetPath } from '@/lib/viewer/pdfjs-assets';

const root = path.resolve(import.meta.dirname, '../../..');

describe('pdf.js data files served from our origin', () => {
  it('maps every file pdf.js ships in the served folders to a type', () => {
    for (const kind of PDFJS_ASSET_KINDS) {
      const names = readdirSync(path.join(root, 'node_modules/pdfjs-dist', kind)).filter(
        (name) => !name.startsWith('LICENSE'),
      );
      expect(names.length, kind).toBeGreaterThan(0);
      for (const name of names) {
        const asset = pdfJsAssetPath(root, kind, name);
        expect(asset, `${kind}/${name}`).not.toBeNull();
        expect(existsSync(asset!.file)).toBe(true);
      }
    }
    expect(pdfJsAssetPath(root, 'wasm', 'openjpeg.wasm')?.type).toBe('application/wasm');
  });

  it('refuses anything else: other folders, traversal, dot files, unknown types', () => {
    for (const [kind, name] of [
      ['build', 'pdf.mjs'],
      ['..', 'package.json'],
      ['cmaps', '..%2Fpackage.json'],
      ['cmaps', '../package.json'],
      ['cmaps', '.hidden.bcmap'],
      ['cmaps', 'a..bcmap'],
      ['standard_fonts', 'LICENSE_FOXIT'],
      ['wasm', 'x.exe'],
      ['cmaps', ''],
    ]) {
      expect(pdfJsAssetPath(root, kind!, name!), `${kind}/${name}`).toBeNull();
    }
  });

  it('names each folder under the installed version', () => {
    expect(pdfJsAssetBase('6.3.289', 'cmaps')).toBe('/pdfjs/6.3.289/cmaps/');
  });
});
