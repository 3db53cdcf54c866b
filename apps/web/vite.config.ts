import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const serverUrl = process.env.PORTAL_DEV_SERVER ?? 'http://127.0.0.1:3000';
const proxied = ['/api', '/User', '/content', '/content-assets'];

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Inline nothing as data: URLs; the CSP allows scripts only from 'self'.
    assetsInlineLimit: 0,
  },
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: serverUrl, changeOrigin: false }])),
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
  },
});
