import { describe, expect, it } from 'vitest';
import { loadMessages } from '@/lib/i18n/messages';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(name, value);
    else for (const [k, v] of flatten(value, name)) out.set(k, v);
  }
  return out;
}

// The catalogues exactly as the app loads them (core file plus namespace files).
const en = (await loadMessages('en')) as Tree;
const others = { pt: await loadMessages('pt'), cs: await loadMessages('cs'), es: await loadMessages('es') } as Record<
  string,
  Tree
>;
const english = flatten(en);
// Strings that are the same in every language on purpose (names, the brand), or happen to be the same word (Spanish "No",
// the loanword "endpoint" in Portuguese and Spanish).
const sameEverywhere =
  /^(common\.brand|common\.languages\.|auth\.upload\.sources\.(googleDrive|dropbox|oneDrive)$|dialogs\.presets\.send-now-or-dashboard\.reject$|pages\.developerFacts\.endpoints$)/;

describe('message catalogues', () => {
  it.each(Object.keys(others))('%s has exactly the keys of en', (locale) => {
    const keys = [...flatten(others[locale] as Tree).keys()].sort();
    expect(keys).toEqual([...english.keys()].sort());
  });

  it.each(['en', ...Object.keys(others)])('%s has no empty message', (locale) => {
    const tree = locale === 'en' ? (en as Tree) : (others[locale] as Tree);
    for (const [key, value] of flatten(tree)) expect(value.trim(), key).not.toBe('');
  });

  it.each(Object.keys(others))('%s is translated, not copied from en', (locale) => {
    const translated = flatten(others[locale] as Tree);
    const copied = [...english].filter(([key, value]) => !sameEverywhere.test(key) && translated.get(key) === value);
    expect(copied.map(([key]) => key)).toEqual([]);
  });

  it.each(Object.keys(others))('%s keeps the ICU placeholders of en', (locale) => {
    const translated = flatten(others[locale] as Tree);
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();
    for (const [key, value] of english)
      expect(placeholders(translated.get(key) ?? ''), key).toEqual(placeholders(value));
  });
});
