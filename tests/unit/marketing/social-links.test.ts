import { NextIntlClientProvider } from 'next-intl';
import { type ComponentProps, createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SocialLinks, socialLinks } from '@/components/marketing/social-links';
import { parseEnv } from '@/lib/env';
import messages from '@/messages/en.json';

const intl: ComponentProps<typeof NextIntlClientProvider> = { locale: 'en', timeZone: 'UTC', messages, children: null };
const render = (env: Record<string, string>) =>
  renderToStaticMarkup(
    createElement(NextIntlClientProvider, intl, createElement(SocialLinks, { links: socialLinks(parseEnv(env)) })),
  );

describe("the footer's social links", () => {
  it('link each configured network to the configured page, and hide the others', () => {
    const html = render({
      SOCIAL_LINKEDIN_URL: 'https://www.linkedin.com/company/acme',
      SOCIAL_GITHUB_URL: 'https://github.com/acme',
    });
    expect([...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1])).toEqual([
      'https://www.linkedin.com/company/acme',
      'https://github.com/acme',
    ]);
    expect(html).toContain('aria-label="Signet on LinkedIn"');
    expect(html).toContain('aria-label="Signet on GitHub"');
    expect(html).not.toMatch(/Facebook|YouTube|Signet on X/);
  });

  it("show nothing, never a network's home page, when none is configured", () => {
    expect(socialLinks(parseEnv({}))).toEqual([]);
    expect(render({})).toBe('');
  });

  it('refuse an address that is not http(s) at start', () => {
    expect(() => parseEnv({ SOCIAL_X_URL: 'javascript:alert(1)' })).toThrow(/SOCIAL_X_URL/);
  });
});
