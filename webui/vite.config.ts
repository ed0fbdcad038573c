/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Go binary embeds webui/dist; the built app goes to dist/app so that the
// committed placeholder dist/index.html survives every build.
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    sourcemap: false,
    // scripts/check-size.mjs reads the chunk graph from the manifest (and removes it).
    manifest: true,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      onwarn(warning, warn) {
        // zod ships comments Rollup cannot place; they are harmless.
        if (warning.code === 'INVALID_ANNOTATION') return;
        warn(warning);
      },
    },
  },
  server: {
    // `npm run dev` talks to a local `commsplan serve` on the default port.
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
