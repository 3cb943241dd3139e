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
 * index.html's boot script (an asset of its own, see `paintThenStart`), written small: after the first frame (at
 * once in a hidden tab, which paints none), adds the entry's module script, whose URL is the `data-entry` link's.
 */
const BOOT_SCRIPT =
  "(()=>{const e=document.querySelector('link[data-entry]'),r=()=>{const s=document.createElement('script');" +
  "s.type='module';s.crossOrigin='';s.src=e.href;document.head.append(s)};" +
  "document.visibilityState==='visible'?requestAnimationFrame(()=>setTimeout(r)):r()})();\n";

/**
 * The built HTML, changed in two ways (issue 14: a cold load's first paint and blocking time):
 * - **Paint, then start.** The entry's `<script type=module>` becomes a `<link rel=modulepreload data-entry>`
 *   (fetched at once, as before) and a deferred classic script, `assets/boot-*.js`, adds the module script
 *   after the boot screen's first frame (a hidden tab, which paints nothing, at once). Evaluating the entry
 *   (React, the router, the stores) is the longest task of a start; when the scripts arrived before the first
 *   frame (a cached or fast load), it ran first and held the boot screen's paint on a slow phone.
 * - **Preloads in the HTML.** `shell.html` is index.html plus a `<link rel=modulepreload>` for each chunk the
 *   signed-in shell (`features/shell/app-layout.tsx`) loads beyond the entry's own; the server answers it for
 *   every path but /auth, so a signed-out visit does not download the shell. Before, the start-up preload made
 *   Vite's helper append those links from script, ~2 ms of main-thread work each on a phone
 *   (`ResourceFetcher::requestResource` at 4× CPU) in one long task; now the parser requests them and the
 *   helper finds them there. Computed from the bundle, so they follow every build.
 */
function paintThenStart(): Plugin {
  return {
    name: 'crw:paint-then-start',
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
          chunk.facadeModuleId?.endsWith('/src/features/shell/app-layout.tsx'),
        );
        const html = bundle['index.html'];
        const tag = entry && `<script type="module" crossorigin src="/${entry.fileName}"></script>`;
        if (!entry || !shell || html?.type !== 'asset' || !tag || !String(html.source).includes(tag)) {
          this.error('paintThenStart: falta index.html, su script de entrada o el chunk de app-layout');
        }
        const boot = this.getFileName(this.emitFile({ type: 'asset', name: 'boot.js', source: BOOT_SCRIPT }));
        const page = String(html.source).replace(
          tag,
          `<link rel="modulepreload" crossorigin href="/${entry.fileName}" data-entry>\n    <script defer src="/${boot}"></script>`,
        );
        const loaded = closure(entry.fileName);
        const links = [...closure(shell.fileName)]
          .filter((file) => !loaded.has(file))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
        html.source = page;
        this.emitFile({
          type: 'asset',
          fileName: 'shell.html',
          source: page.replace('  </head>', `    ${links.join('\n    ')}\n  </head>`),
        });
      },
    },
  };
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), tailwindcss(), stylesheetsAfterRoot(), paintThenStart()],
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
        // Everything the entry imports statically is one chunk, the entry's own. Rolldown otherwise splits the
        // modules that lazy chunks share with the entry (React, `cn`, lucide's base, an icon) into chunks of their
        // own, which the first load fetches all the same: four more files, each compressed apart, cost /auth
        // ~1.6 kB of gzip (issue 14). The service worker is an entry of its own and stays out.
        codeSplitting: {
          groups: [{ name: 'main', tags: ['$initial'], test: (id: string) => !id.endsWith('/src/sw.ts') }],
        },
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
