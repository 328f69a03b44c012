import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': path.join(import.meta.dirname, 'src') } },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['src/test-setup.ts'],
    // A whole checkout walked through in jsdom takes a few seconds alone and more on a busy
    // two-core runner; each step still gives up after 3 s (src/test-setup.ts).
    testTimeout: 15_000,
  },
});
