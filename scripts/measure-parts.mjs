#!/usr/bin/env node
/**
 * `npm run measure-parts` (issue 48, point 5): the design system's hand-written parts beside the maintained
 * library that does the same job, on download size and on main-thread cost in Chromium at 4× CPU.
 *
 * - virtual list: ours (`use-virtual-range`) vs the same VirtualList on `@tanstack/react-virtual`
 *   (scripts/measure-parts/virtual-list-tanstack.tsx); 1,000 items of 1–3 lines; mount, and 30 scroll steps of
 *   300 px.
 * - combobox: ours vs `cmdk` in a Radix popover (200 options); mount (closed), then open.
 * - date picker: ours vs `react-day-picker` (its style.css) in a Radix popover; mount (closed), then open.
 *
 * Size: each part bundled alone by esbuild (minified, production), gzip -9, with React outside ("alone") and with
 * what the app ships anyway outside too (Radix, lucide, tailwind-merge, the design system's
 * messages and `cn`: "added"). Cost: the page's main-thread
 * task time (a first mount, which compiles the bundle, and a second one) (CDP Performance.getMetrics TaskDuration) from the action to two frames after it, median of --runs
 * (7), the app's built style sheet on every page (`npm run build` first). Options: --runs=N, --rate=N (4). Chromium: /usr/bin/chromium or CHROMIUM_PATH; no network.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import puppeteer from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from '../chromium.config.mjs';

const root = resolve(import.meta.dirname, '..');
const ui = join(root, 'packages/ui/src');
const arg = (name, d) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? d);
const runs = arg('runs', 7);
const rate = arg('rate', 4);
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);

const dir = mkdtempSync(join(tmpdir(), 'crw-parts-'));
const cnPlugin = {
  name: 'ui-lib',
  setup(b) {
    b.onResolve({ filter: /\/lib\/cn\.ts$/ }, () => ({ path: join(ui, 'lib/cn.ts') }));
  },
};

const items = `Array.from({ length: 1000 }, (_, i) => ({ id: 'r' + i, title: 'Pieza ' + (i + 1), lines: (i % 3) + 1 }))`;
const listCase = (from) => `
import { VirtualList } from '${from}';
const rows = ${items};
export const Part = () => {
  const box = React.useRef(null);
  return <div id="scroller" ref={box} style={{ height: 600, overflow: 'auto', width: 320 }}>
    <VirtualList aria-label="Piezas" items={rows} getKey={(r) => r.id} estimateSize={64} getScrollElement={() => box.current}
      renderItem={(r) => <div style={{ border: '1px solid #ccc', padding: 12 }}><p>{r.title}</p>
        {Array.from({ length: r.lines - 1 }, (_, i) => <p key={i}>Texto de relleno de una línea más.</p>)}</div>} />
  </div>;
};`;
const options = `Array.from({ length: 200 }, (_, i) => ({ value: 'm' + i, label: 'Persona ' + (i + 1) }))`;
const cases = {
  'virtual list · ours': { code: listCase(join(ui, 'virtual-list/virtual-list.tsx')), scroll: true },
  'virtual list · @tanstack/react-virtual': {
    code: listCase(join(import.meta.dirname, 'measure-parts/virtual-list-tanstack.tsx')),
    scroll: true,
  },
  'combobox · ours': {
    code: `import { Combobox } from '${join(ui, 'combobox/combobox.tsx')}';
const options = ${options};
export const Part = () => { const [v, setV] = React.useState(null);
  return <Combobox aria-label="Responsable" options={options} value={v} onValueChange={setV} />; };`,
    open: '[role="combobox"]',
  },
  'combobox · cmdk': {
    code: `import { Command } from 'cmdk'; import { Popover } from 'radix-ui';
const options = ${options};
export const Part = () => { const [v, setV] = React.useState(null);
  return <Popover.Root><Popover.Trigger role="combobox" aria-label="Responsable">{v ?? 'Elegir'}</Popover.Trigger>
    <Popover.Portal><Popover.Content><Command label="Responsable"><Command.Input />
      <Command.List><Command.Empty>Sin resultados</Command.Empty>
        {options.map((o) => <Command.Item key={o.value} value={o.label} onSelect={() => setV(o.value)}>{o.label}</Command.Item>)}
      </Command.List></Command></Popover.Content></Popover.Portal></Popover.Root>; };`,
    open: '[role="combobox"]',
  },
  'date picker · ours': {
    code: `import { DatePicker } from '${join(ui, 'date-picker/date-picker.tsx')}';
export const Part = () => { const [v, setV] = React.useState('2026-12-14');
  return <DatePicker aria-label="Fecha" value={v} onValueChange={setV} today="2026-11-29" />; };`,
    open: 'button[aria-haspopup="dialog"]',
  },
  'date picker · react-day-picker': {
    code: `import { DayPicker } from 'react-day-picker'; import { es } from 'react-day-picker/locale';
import 'react-day-picker/style.css'; import { Popover } from 'radix-ui';
export const Part = () => { const [v, setV] = React.useState(new Date(2026, 11, 14));
  return <div><input aria-label="Fecha" defaultValue="14/12/2026" />
    <Popover.Root><Popover.Trigger aria-label="Elegir fecha" aria-haspopup="dialog">📅</Popover.Trigger>
    <Popover.Portal><Popover.Content role="dialog" aria-label="Calendario">
      <DayPicker mode="single" locale={es} weekStartsOn={1} selected={v} onSelect={setV} defaultMonth={v} autoFocus />
    </Popover.Content></Popover.Portal></Popover.Root></div>; };`,
    open: 'button[aria-haspopup="dialog"]',
  },
};

const shipped = ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'];
const appShips = [...shipped, 'radix-ui', '@radix-ui/*', 'lucide-react', 'tailwind-merge', 'clsx'];
/** With `shared`: the design system's messages and `cn`, which the app ships anyway, stay outside too. */
const sharedPlugin = {
  name: 'ui-shared',
  setup(b) {
    b.onResolve({ filter: /(\/messages\.ts|\/lib\/cn\.ts)$/ }, (a) => ({ path: a.path, external: true }));
  },
};
async function bundle(name, code, external, write, shared = false) {
  const entry = join(dir, `${name.replace(/\W+/g, '-')}.tsx`);
  writeFileSync(
    entry,
    write
      ? `import * as React from 'react'; import { createRoot } from 'react-dom/client'; import { flushSync } from 'react-dom';
${code}
let root; window.mount = () => { root = createRoot(document.getElementById('app')); flushSync(() => root.render(<Part />)); };
window.unmount = () => root.unmount();`
      : `import * as React from 'react';\n${code}`,
  );
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    outdir: join(dir, 'out'),
    external,
    plugins: shared ? [sharedPlugin] : [cnPlugin],
    nodePaths: [join(root, 'node_modules')],
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.css': 'css' },
    logLevel: 'error',
  });
  const js = out.outputFiles.find((f) => f.path.endsWith('.js')).contents;
  const css = out.outputFiles.find((f) => f.path.endsWith('.css'))?.contents ?? new Uint8Array();
  return { js, css };
}
const gz = (b) => gzipSync(b, { level: 9 }).length;

const metric = async (cdp) =>
  (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value * 1000;
const frames = (page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// The app's built style sheet (Tailwind), under both sides of each pair: our parts are styled by it.
const assets = join(root, 'packages/app/dist/assets');
const appCss = readdirSync(assets)
  .filter((f) => f.endsWith('.css'))
  .map((f) => readFileSync(join(assets, f), 'utf8'))
  .join('\n');

const rows = [];
const browser = await puppeteer.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
try {
  for (const [name, c] of Object.entries(cases)) {
    if (only && !name.includes(only)) continue;
    const alone = await bundle(name, c.code, shipped, false);
    const added = await bundle(name, c.code, appShips, false, true);
    const page_ = await bundle(name, c.code, [], true);
    const html = join(dir, `${name.replace(/\W+/g, '-')}.html`);
    writeFileSync(
      html,
      `<!doctype html><html lang="es"><meta charset="utf-8"><style>${appCss}\n${Buffer.from(page_.css)}</style><div id="app"></div><script type="module">${Buffer.from(page_.js).toString().replaceAll('</script', '<\\/script')}</script>`,
    );
    const cold = [];
    const mount = [];
    const act = [];
    for (let run = 0; run < runs; run++) {
      const page = await browser.newPage();
      await page.setViewport({ width: 412, height: 823 });
      const cdp = await page.createCDPSession();
      await cdp.send('Performance.enable');
      await page.goto(`file://${html}`);
      await page.waitForFunction(() => typeof window.mount === 'function');
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      await frames(page);
      // The first mount pays for compiling the bundle; the second is what a screen pays each time.
      let before = await metric(cdp);
      await page.evaluate(() => window.mount());
      await frames(page);
      cold.push((await metric(cdp)) - before);
      await page.evaluate(() => window.unmount());
      await frames(page);
      before = await metric(cdp);
      await page.evaluate(() => window.mount());
      await frames(page);
      mount.push((await metric(cdp)) - before);
      if (c.scroll) {
        before = await metric(cdp);
        for (let step = 0; step < 30; step++) {
          await page.evaluate(() => {
            document.getElementById('scroller').scrollTop += 300;
          });
          await frames(page);
        }
        act.push(((await metric(cdp)) - before) / 30);
      } else {
        before = await metric(cdp);
        await page.click(c.open);
        await frames(page);
        act.push((await metric(cdp)) - before);
      }
      await page.close();
    }
    rows.push({
      name,
      alone: gz(alone.js) + gz(alone.css),
      added: gz(added.js) + gz(added.css),
      cold: median(cold),
      mount: median(mount),
      act: median(act),
      actName: c.scroll ? 'scroll step' : 'open',
    });
    const r = rows.at(-1);
    console.error(`${name}: ${JSON.stringify(r)}`);
  }
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
console.log(`\nParts at ${rate}× CPU, median of ${runs} (main-thread task time, ms; sizes in bytes gzip)\n`);
console.log('| part | alone (gzip) | added to the app (gzip) | first mount | mount | open / scroll step |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const r of rows)
  console.log(
    `| ${r.name} | ${r.alone} | ${r.added} | ${r.cold.toFixed(1)} | ${r.mount.toFixed(1)} | ${r.act.toFixed(1)} (${r.actName}) |`,
  );
