import { describe, expect, it } from 'vitest';
import { CONTENT_PATHS, findContentPage } from '@/components/marketing/content/registry';
import { loadMessages } from '@/lib/i18n/messages';

type Tree = { [key: string]: string | Tree };

const pages = (await loadMessages('en')).pages as Tree;
const at = (key: string) =>
  key
    .split('.')
    .reduce<Tree | string | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), pages);

describe('content page registry', () => {
  it('holds the 24 pages behind the footer and the Learn More links', () => {
    expect(CONTENT_PATHS).toHaveLength(24);
    expect(findContentPage('/features/validator')?.key).toBe('features.validator');
    expect(findContentPage('/why/biometric-signature')?.key).toBe('why.biometric');
    expect(findContentPage('/contact')).toBeUndefined();
    expect(findContentPage('/features/nope')).toBeUndefined();
  });

  it.each(CONTENT_PATHS)('%s links only to registered pages (or /contact)', (path) => {
    const page = findContentPage(path);
    const targets = [...(page?.related ?? []), ...Object.values(page?.sectionLinks ?? {})];
    for (const target of targets) expect(findContentPage(target), target).toBeDefined();
    expect(page?.related, 'a page does not relate to itself').not.toContain(path);
  });

  it.each(CONTENT_PATHS)('%s has a title, description, lead and titled sections in the catalogue', (path) => {
    const key = findContentPage(path)?.key ?? '';
    for (const field of ['title', 'description', 'lead'])
      expect(typeof at(`${key}.${field}`), `${key}.${field}`).toBe('string');
    const sections = at(`${key}.sections`);
    expect(typeof sections).toBe('object');
    const names = Object.keys(sections as Tree);
    expect(names.length).toBeGreaterThanOrEqual(2);
    for (const name of names) {
      expect(typeof at(`${key}.sections.${name}.title`)).toBe('string');
      expect(typeof at(`${key}.sections.${name}.body`)).toBe('string');
    }
    for (const name of Object.keys(findContentPage(path)?.sectionLinks ?? {})) expect(names).toContain(name);
  });
});
