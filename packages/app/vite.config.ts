import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * index.html's boot script, inline in the page (the server's CSP allows it by its hash, taken from the built pages:
 * packages/server/src/plugins/spa.ts), written small. After the first frame (at once in a hidden tab, which paints
 * none) it asks for what its tag lists: the entry's module preload, the stylesheets, then the other module
 * preloads; once the stylesheets are in (or failed), the entry's module script, so React never mounts unstyled.
 * Each request costs the main thread 1–4 ms (4–17 ms on a phone: Chromium's resource fetcher), and the shell's
 * page lists ~20: asked for in one task, they were its longest but one (70–110 ms at 4× slowdown, issue 14's
 * blocking time). In a visible tab they are asked for in slices of at most ~6 ms, a task each; in a hidden one,
 * whose timers may wait a second, all at once.
 */
const BOOT_SCRIPT =
  "(()=>{const d=document.currentScript.dataset,l=s=>s.split(' ').filter(Boolean),add=(t,a)=>{" +
  "const e=Object.assign(document.createElement(t),a);e.crossOrigin='';document.head.append(e);return e}," +
  "v=document.visibilityState==='visible',r=()=>{const c=l(d.css),p=l(d.preload),pre=h=>()=>add('link'," +
  "{rel:'modulepreload',href:h});let n=0;const go=()=>{if(++n>=c.length)add('script',{type:'module',src:d.entry})}," +
  "q=[...p.slice(0,1).map(pre),...c.map(h=>()=>add('link',{rel:'stylesheet',href:h,onload:go,onerror:go}))," +
  '...p.slice(1).map(pre)],s=()=>{const t=performance.now();while(q.length&&(!v||performance.now()-t<6))q.shift()();' +
  'q.length&&setTimeout(s)};s();c.length||go()};v?requestAnimationFrame(()=>setTimeout(r)):r()})();';

/**
 * The built HTML, changed so that a cold load paints its boot screen first and asks for the app after (issue 14:
 * a cold load's first paint and blocking time):
 * - **Paint, then start.** The HTML names no file of the app's: its one script, inline (`BOOT_SCRIPT`), lists
 *   them on its tag and asks for them after the first frame. Inline, it costs no round trip of its own before
 *   the app's files are asked for (as a file, `assets/boot-*.js`, it did, and Lighthouse counted its download
 *   before the largest paint). Before, the parser fetched them at once, as `<link rel=modulepreload>` and a stylesheet
 *   after #root; on loopback they finished before Chromium presented its first frame, and Lighthouse's
 *   simulation then counted their download on a slow phone network before the first paint (FCP and LCP up to
 *   2× the bare page, one run in two). On a real network the HTML arrives first and its frame follows within
 *   milliseconds, so the app's files start a frame later than the parser would have asked for them. Evaluating
 *   the entry (React, the router, the stores), the longest task of a start, still never holds the first paint.
 * - **The shell's chunks with it.** `shell.html` is index.html whose boot script also lists every chunk the
 *   signed-in shell (`features/shell/app-layout.tsx`) loads beyond the entry's own; the server answers it for
 *   every path but /auth, so a signed-out visit does not download the shell. They are asked for together with
 *   the entry, not one by one as each import is read, and Vite's preload helper, finding their links, adds none
 *   (~2 ms of main-thread work each on a phone). Computed from the bundle, so they follow every build.
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
        const css: string[] = [];
        const page = String(html.source)
          .replace(tag, '<!--boot-->')
          .replace(/\s*<link rel="stylesheet" crossorigin href="([^"]+)">/g, (_link, href: string) => {
            css.push(href);
            return '';
          });
        const withBoot = (preload: string[]) =>
          page.replace(
            '<!--boot-->',
            `<script data-entry="/${entry.fileName}" data-css="${css.join(' ')}" ` +
              `data-preload="${preload.map((file) => `/${file}`).join(' ')}">${BOOT_SCRIPT}</script>`,
          );
        const loaded = closure(entry.fileName);
        const shellChunks = [...closure(shell.fileName)].filter((file) => !loaded.has(file));
        html.source = withBoot([entry.fileName]);
        this.emitFile({
          type: 'asset',
          fileName: 'shell.html',
          source: withBoot([entry.fileName, ...shellChunks]),
        });
      },
    },
  };
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

/**
 * react-router's production build. Its package maps every condition (`import`, `module`, `default`) to its
 * development build, whose checks and warnings run on every navigation; the production build sits beside it,
 * unexported. Only `vite build` uses it: the dev server and the tests keep the warnings.
 */
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), paintThenStart()],
  resolve: {
    alias: [
      // /design renders the ui stories without running their play functions: Storybook's test runtime
      // is replaced by an inert stand-in in the app only (Storybook and the ui tests keep the real one).
      {
        find: /^storybook\/test$/,
        replacement: fileURLToPath(new URL('./src/routes/design/storybook-test.ts', import.meta.url)),
      },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
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
        // Every lazy chunk's name is written into the first load (Vite's preload map of the dynamic imports):
        // seven characters of hash, not eight (the fewest Rolldown allows for this many chunks), keep ~120 names from costing /auth its last bytes (the hash is
        // random, it does not compress), with no collision in sight at this count.
        chunkFileNames: 'assets/[name]-[hash:7].js',
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
}));
