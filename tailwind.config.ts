import type { Config } from 'tailwindcss';

/**
 * The theme's tokens. Surfaces and text read CSS variables
 * (app/globals.css) so the light and dark schemes switch with the `dark`
 * class on <html>; the colour scales are fixed brand values.
 */
const config: Config = {
  content: ['./app/**/*.{ts,tsx}', './components/**/*.{ts,tsx}', './lib/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        // Purple-blue primary.
        primary: {
          50: '#f0f0ff',
          100: '#e3e3ff',
          200: '#cbcbff',
          300: '#a8a6ff',
          400: '#8a80fb',
          500: '#6f5ef5',
          600: '#5b41e9',
          700: '#4c33ce',
          800: '#3f2ca6',
          900: '#372a83',
          950: '#22184d',
        },
        success: {
          50: '#effef4',
          100: '#d9fbe5',
          200: '#b5f5cc',
          300: '#7bebaa',
          400: '#3bd77f',
          500: '#15bf61',
          600: '#0b9d4d',
          700: '#0d7b40',
          800: '#106137',
          900: '#0f502f',
          950: '#022c17',
        },
        danger: {
          50: '#fff1f1',
          100: '#ffe0e0',
          200: '#ffc6c6',
          300: '#ff9e9e',
          400: '#fd6666',
          500: '#f53737',
          600: '#e21818',
          700: '#be1010',
          800: '#9d1212',
          900: '#821616',
          950: '#470505',
        },
        warning: {
          50: '#fff8ec',
          100: '#ffefd3',
          200: '#ffdba5',
          300: '#ffc16d',
          400: '#ff9b32',
          500: '#ff7d0a',
          600: '#f06200',
          700: '#c74702',
          800: '#9e380b',
          900: '#7f300c',
          950: '#451604',
        },
        info: {
          50: '#eef7ff',
          100: '#d9ecff',
          200: '#bcdfff',
          300: '#8ecbff',
          400: '#59adff',
          500: '#338cfc',
          600: '#1c6cf1',
          700: '#1557de',
          800: '#1847b4',
          900: '#1a3f8e',
          950: '#152856',
        },
        // Custom grey surfaces, switched by scheme.
        surface: {
          DEFAULT: 'var(--surface-0)',
          raised: 'var(--surface-1)',
          sunken: 'var(--surface-2)',
          border: 'var(--surface-border)',
        },
        ink: { DEFAULT: 'var(--ink)', muted: 'var(--ink-muted)', inverse: 'var(--ink-inverse)' },
        strength: { weak: '#e21818', medium: '#f59e0b', strong: '#0b9d4d' },
      },
      borderRadius: { none: '0', xs: '2px', sm: '4px', DEFAULT: '6px', md: '6px', lg: '8px', xl: '12px' },
      transitionDuration: { DEFAULT: '200ms' },
      opacity: { disabled: '0.6' },
      spacing: { 'form-x': '0.75rem', 'form-y': '0.5rem' },
      maxWidth: { menu: '12.5rem', tooltip: '12.5rem', plan: '400px' },
      minWidth: { menu: '12.5rem', upload: '235px' },
      width: { toast: '25rem' },
      maxHeight: { header: '72px' },
      zIndex: { overlay: '1000', modal: '1100' },
      screens: {
        // Layout breakpoints (min-width queries), each named after what changes at it.
        'why-2': '582px',
        'sidebar-partial': '600px',
        testimonial: '660px',
        dialog: '760px',
        'header-sections': '864px',
        'why-2-wide': '868px',
        developer: '1080px',
        nav: '1166px',
        'why-4': '1200px',
      },
    },
  },
};

export default config;
