/**
 * Scalar's options for our reference: nothing fetched from elsewhere (no
 * default fonts, no telemetry, no AI agent, no hosted proxy), no upsell
 * toolbars, the page's own colour scheme instead of Scalar's toggle.
 */
export function scalarConfiguration(specUrl: string, dark: boolean) {
  return {
    url: specUrl,
    withDefaultFonts: false,
    telemetry: false,
    hideClientButton: true,
    showDeveloperTools: 'never',
    agent: { disabled: true },
    mcp: { disabled: true },
    hideDarkModeToggle: true,
    darkMode: dark,
    forceDarkModeState: dark ? 'dark' : 'light',
    documentDownloadType: 'json',
    customCss: SCALAR_CSS,
  } as const;
}

/**
 * Scalar's light palette misses WCAG AA contrast for muted text and the HTTP
 * method labels, so those colours are darkened (axe checks the page). Its
 * code-block copy buttons keep their screen-reader label display:none until
 * hovered, which leaves them nameless; the label is exposed (still sr-only).
 * Our header is sticky and 72 px tall: Scalar's sticky sidebar starts below it.
 * Scalar's own toast region (for "copied") is hidden: it would be a second
 * live region named like the page's, which axe refuses (landmark-unique).
 */
const SCALAR_CSS = `
.scalar-app { --scalar-custom-header-height: 72px; }
.light-mode { --scalar-color-2: #4b4b4b; --scalar-color-3: #5c5c5c; --scalar-color-blue: #0a5fa6; --scalar-color-green: #0d7040;
  --scalar-color-orange: #a34000; --scalar-color-yellow: #7a5a00; --scalar-color-red: #b11212; --scalar-color-purple: #6a2fb5;
  --scalar-color-accent: #4c33ce; }
.dark-mode { --scalar-color-3: #b0b0b0; --scalar-color-red: #ff6b6b; }
.scalar-code-copy .sr-only .hidden { display: inline; }
[data-api-reference] section[aria-live] { display: none; }
`;

/** app/api/v1/reference/scalar.js serves the bundle; the version busts browsers' day-long cache on upgrades. */
export const SCALAR_SCRIPT_URL = '/api/v1/reference/scalar.js?v=1.72.1';
