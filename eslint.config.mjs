import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Command-line scripts and the logger speak on stdout on purpose.
    files: ['scripts/**', 'bench/**', 'tests/**', 'prisma/**', 'lib/server/logger.ts'],
    rules: { 'no-console': 'off' },
  },
  globalIgnores([
    '.next/**',
    'bench/floor-app/.next/**',
    'bench/.build/**',
    'out/**',
    'node_modules/**',
    'lib/generated/**',
    'prisma/.generated/**',
    'data/**',
    '.node/**',
    '.test-data/**',
    'test-results/**',
    'playwright-report/**',
    'next-env.d.ts',
  ]),
]);
