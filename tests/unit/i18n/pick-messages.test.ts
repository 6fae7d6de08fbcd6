import { describe, expect, it } from 'vitest';
import { loadMessages, pickMessages, SCOPED_CLIENT_MESSAGE_KEYS } from '@/lib/i18n/messages';

describe('pickMessages', () => {
  const messages = {
    common: { brand: 'Signet' },
    landing: { nav: { home: 'Home' }, apps: { title: 'Apps' }, hero: { big: 'x' } },
    errors: { crash: { title: 'Oops' }, notFound: { title: 'Gone' } },
  };

  it('keeps only the listed paths, nesting intact', () => {
    expect(pickMessages(messages, ['common', 'landing.nav', 'errors.crash'])).toEqual({
      common: { brand: 'Signet' },
      landing: { nav: { home: 'Home' } },
      errors: { crash: { title: 'Oops' } },
    });
  });

  it('merges siblings and skips paths that do not exist', () => {
    expect(pickMessages(messages, ['landing.nav', 'landing.apps', 'landing.missing', 'nothing.here'])).toEqual({
      landing: { nav: { home: 'Home' }, apps: { title: 'Apps' } },
    });
  });

  it('finds every namespace the client needs in the catalogue', async () => {
    const keys: string[] = Object.values(SCOPED_CLIENT_MESSAGE_KEYS).flat();
    const picked = pickMessages(await loadMessages('en'), keys);
    for (const key of keys) {
      const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], picked);
      expect(value, key).toBeTypeOf('object');
    }
    expect(picked).not.toHaveProperty('landing.faq');
  });
});
