import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Moves the built stylesheet links from <head> to the end of <body>, after #root. In <head> a stylesheet
 * blocks the first paint; after #root it blocks nothing above it, so index.html's boot screen (its CSS is
 * inline) paints as soon as the HTML is parsed (issue 14). The file is still discovered and fetched at once,
 * and the module scripts, which run after parsing, wait for it: React never mounts unstyled.
 */
function stylesheetsAfterRoot(): Plugin {
  return {
    name: 'crw:stylesheets-after-root',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links: string[] = [];
        const head = html.replace(/\s*<link rel="stylesheet"[^>]*>/g, (link) => {
          links.push(link.trim());
          return '';
        });
        if (links.length === 0) return html;
        return head.replace('</body>', `  ${links.join('\n    ')}\n  </body>`);
      },
    },
  };
}

/**
 * Writes `shell.html`: index.html plus a `<link rel=modulepreload>` for every chunk the signed-in shell
 * (features/shell/app-layout.tsx) loads beyond the entry's own. The server answers it for every screen but
 * /auth. Without it, the start-up preload (`preloadScreens`) made Vite's preload helper append those ~20 links
 * from script, ~2 ms of main-thread work each on a phone (ResourceFetcher::requestResource at 4× CPU), one long
 * task; from the HTML, the parser requests them before any script runs (issue 14: home's blocking time).
 * /auth keeps index.html: a signed-out visit does not download the shell.
 */
function shellPreloads(): Plugin {
  return {
    name: 'crw:shell-preloads',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (from: string, into = new Set<string>()) => {
          if (into.has(from)) return into;
          into.add(from);
          for (const next of byFile.get(from)?.imports ?? []) closure(next, into);
          return into;
        };
        const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === 'main');
        const shell = chunks.find((chunk) =>
          chunk.facadeModuleId?.endsWith('/features/shell/app-layout.tsx'),
        );
        const html = bundle['index.html'];
        if (!entry || !shell || html?.type !== 'asset') {
          this.error('shell.html: falta index.html, la entrada o el chunk de app-layout');
        }
        const loaded = closure(entry.fileName);
        const links = [...closure(shell.fileName)]
          .filter((file) => !loaded.has(file))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
        this.emitFile({
          type: 'asset',
          fileName: 'shell.html',
          source: String(html.source).replace('  </head>', `    ${links.join('\n    ')}\n  </head>`),
        });
      },
    },
  };
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), stylesheetsAfterRoot(), shellPreloads()],
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
