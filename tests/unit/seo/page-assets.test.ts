import { describe, expect, it } from 'vitest';
import { pageAssets } from '@/bench/lib/page-assets';

describe('pageAssets (landing bench)', () => {
  it('collects scripts and stylesheets, skipping nomodule polyfills and duplicates', () => {
    const html = `<html><head>
      <link rel="stylesheet" href="/_next/static/a.css" data-precedence="next"/>
      <link rel="preload" as="script" href="/_next/static/pre.js"/>
      <script src="/_next/static/one.js" async=""></script>
      <script src="/_next/static/one.js" async=""></script>
      <script src="/_next/static/poly.js" noModule=""></script>
      <script>inline()</script>
      <script src='/x.js?a=1&amp;b=2'></script>
    </head></html>`;
    expect(pageAssets(html)).toEqual({
      scripts: ['/_next/static/one.js', '/x.js?a=1&b=2'],
      stylesheets: ['/_next/static/a.css'],
    });
  });
});
