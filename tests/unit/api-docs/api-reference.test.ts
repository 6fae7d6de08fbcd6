import { describe, expect, it } from 'vitest';
import { GET as scalarBundle } from '@/app/api/v1/reference/scalar.js/route';
import { scalarConfiguration } from '@/components/api-docs/scalar-config';

describe('the API reference', () => {
  it('serves Scalar’s browser bundle from our origin as JavaScript', async () => {
    const response = await scalarBundle();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const text = await response.text();
    expect(text.length).toBeGreaterThan(1_000_000);
    expect(text).toContain('createApiReference');
  });

  it('asks Scalar for nothing from elsewhere and follows the page’s scheme', () => {
    const light = scalarConfiguration('/api/v1/openapi.json', false);
    expect(light).toMatchObject({
      url: '/api/v1/openapi.json',
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
    });
    expect(light.forceDarkModeState).toBe('light');
    expect(scalarConfiguration('/x', true).forceDarkModeState).toBe('dark');
  });
});
