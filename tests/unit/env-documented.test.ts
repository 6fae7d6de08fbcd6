import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZEnv } from '@/lib/env';

const root = path.resolve(import.meta.dirname, '../..');

describe('configuration docs', () => {
  it('name every environment variable the app reads (docs/configuration.md)', () => {
    const doc = readFileSync(path.join(root, 'docs/configuration.md'), 'utf8');
    // NODE_ENV is set by Node's tooling (npm start, next), not by the operator.
    const undocumented = Object.keys(ZEnv.shape).filter((name) => name !== 'NODE_ENV' && !doc.includes(`\`${name}\``));
    expect(undocumented).toEqual([]);
  });
});
