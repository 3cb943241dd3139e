import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      // /design renders the ui stories without running their play functions: Storybook's test runtime
      // is replaced by an inert stand-in in the app only (Storybook and the ui tests keep the real one).
      {
        find: /^storybook\/test$/,
        replacement: fileURLToPath(new URL('./src/routes/design/storybook-test.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Read by scripts/check-budgets.mjs: which chunk is which, and what the first load pulls in.
    manifest: true,
    rollupOptions: {
      // The service worker is source code (src/sw.ts) built to /sw.js at the root, unhashed.
      input: { main: 'index.html', sw: 'src/sw.ts' },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js'),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
});
