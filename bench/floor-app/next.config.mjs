import path from 'node:path';

// Built and served by bench/lib/floor-app.ts with the repository's own next, react and react-dom.
/** @type {import('next').NextConfig} */
const config = {
  poweredByHeader: false,
  turbopack: { root: path.resolve(import.meta.dirname, '../..') },
};

export default config;
