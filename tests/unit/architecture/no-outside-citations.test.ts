import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const self = path
  .relative(root, import.meta.filename)
  .split(path.sep)
  .join('/');

// The repository must explain itself: the product specification, the outside
// API contract and the tracker's issues are not in it, so a citation of them
// tells a reader nothing. State the rule, point at docs/ (docs/api.md is the
// HTTP contract), or say why. The patterns are built from parts so that this
// file does not match them itself. There are no exceptions: a false positive
// (the verb "issues" before a number, say) is reworded, not allowed here.
const CITATIONS = [
  { what: 'the product spec', pattern: new RegExp(`\\b${['SP', 'EC'].join('')}\\b`) },
  { what: 'the outside API contract', pattern: new RegExp(['API', '\\.md'].join('')) },
  { what: 'the outside design notes', pattern: new RegExp(`\\b${['DES', 'IGN'].join('')}(\\.md| §)`) },
  { what: 'a tracker issue', pattern: new RegExp(`\\b[Ii]${'ssue'}s? #?\\d+\\b`) },
];

// Binary files (fixtures, media, fonts) hold no prose; a NUL byte catches any other.
const BINARY =
  /\.(pdf|webm|png|jpe?g|gif|webp|ico|ttf|otf|woff2?|zip|gz|p12|pfx|der|docx?|xlsx|xlsm|pptx|odt|ods|odp)$/i;
const SKIPPED = [/^node_modules\//, /^lib\/generated\//];

function trackedTextFiles(): string[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter(Boolean);
  return files.filter((file) => file !== self && !BINARY.test(file) && !SKIPPED.some((skip) => skip.test(file)));
}

test('no file cites the product spec, the outside API contract or a tracker issue', () => {
  const found: string[] = [];
  for (const file of trackedTextFiles()) {
    const bytes = readFileSync(path.join(root, file));
    if (bytes.includes(0)) continue;
    bytes
      .toString('utf8')
      .split('\n')
      .forEach((line, index) => {
        const hit = CITATIONS.find(({ pattern }) => pattern.test(line));
        if (hit) found.push(`${file}:${index + 1} (${hit.what}): ${line.trim().slice(0, 140)}`);
      });
  }
  expect(found).toEqual([]);
});
