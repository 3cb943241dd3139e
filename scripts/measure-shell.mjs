#!/usr/bin/env node
/**
 * `npm run size`: what the shell (sidebar, breadcrumb, bell and panel, pill, toasts) adds, in gzip, beyond
 * React, Radix and the router. Builds two entries with the app's Vite setup — one that uses React, the Radix
 * primitives the shell uses and react-router; one that also renders the shell components — and prints the
 * difference. Budget (issue 4): 40 KB gzip.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const root = resolve(import.meta.dirname, '..');
const BUDGET_KB = 40;

const entry = (extra) => `
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Dialog, DropdownMenu, Popover, Switch, Tooltip } from 'radix-ui';
const used = [Dialog.Root, Dialog.Content, DropdownMenu.Root, DropdownMenu.Content, Popover.Root, Popover.Content, Switch.Root, Tooltip.Root, Tooltip.Content];
${extra ? extra.imports : ''}
${extra ? extra.component : 'const Shell = () => null;'}
const router = createBrowserRouter([{ path: '/', element: <div>{used.length}<Shell /></div> }]);
createRoot(document.getElementById('root')).render(<RouterProvider router={router} />);
`;

const shellImports = `
import { Breadcrumb, NotificationPanel, Sidebar, SystemNotifications, Toaster } from '@crw/ui';
import { BellRingIcon, LayoutDashboardIcon, ListChecksIcon, LogOutIcon, SettingsIcon, UsersIcon, WrenchIcon, SlidersHorizontalIcon, CirclePlusIcon } from 'lucide-react';`;
const shellComponent = `const Shell = () => (
  <>
    <Sidebar brand="x" items={[{ key: 'a', label: 'a', icon: <LayoutDashboardIcon /> }, { key: 'b', label: 'b', icon: <ListChecksIcon /> }, { key: 'c', label: 'c', icon: <UsersIcon /> }, { key: 'd', label: 'd', icon: <WrenchIcon /> }, { key: 'e', label: 'e', icon: <BellRingIcon /> }, { key: 'f', label: 'f', icon: <SettingsIcon /> }, { key: 'g', label: 'g', icon: <SlidersHorizontalIcon /> }, { key: 'h', label: 'h', icon: <CirclePlusIcon /> }, { key: 'i', label: 'i', icon: <LogOutIcon /> }]} onNavigate={() => {}} />
    <Breadcrumb items={[{ label: 'Inicio' }]} onNavigate={() => {}} />
    <NotificationPanel open={false} onOpenChange={() => {}} count={0} items={[]} showArchived={false} onToggleArchived={() => {}} onMarkAllRead={() => {}} onArchiveAll={() => {}} pushEnabled={false} onPushChange={() => {}} onItemClick={() => {}} onMarkRead={() => {}} onArchive={() => {}} />
    <SystemNotifications messages={[]} onRemove={() => {}} onClearAll={() => {}} />
    <Toaster toasts={[]} onDismiss={() => {}} />
  </>
);
`;

async function measure(name, source) {
  // Inside the repository, so that imports resolve from its node_modules.
  const dir = join(root, 'node_modules', '.size-measure', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'entry.jsx'), source);
  writeFileSync(
    join(dir, 'index.html'),
    '<div id="root"></div><script type="module" src="./entry.jsx"></script>',
  );
  await build({
    root: dir,
    logLevel: 'silent',
    plugins: [react()],
    resolve: { alias: { '@crw/ui': join(root, 'packages/ui/src/index.ts') } },
    server: { fs: { allow: [root, dir] } },
    build: { outDir: join(dir, 'dist'), emptyOutDir: true, rollupOptions: { treeshake: true } },
  });
  const assets = join(dir, 'dist', 'assets');
  return readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gzipSync(readFileSync(join(assets, f)), { level: 9 }).length, 0);
}

const baseBytes = await measure('base', entry());
const shellBytes = await measure('shell', entry({ imports: shellImports, component: shellComponent }));
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
const added = shellBytes - baseBytes;
console.log(`React + Radix + router: ${kb(baseBytes)} gzip`);
console.log(`… + the shell:          ${kb(shellBytes)} gzip`);
console.log(`the shell adds:         ${kb(added)} gzip (budget ${BUDGET_KB} KB)`);
process.exit(added <= BUDGET_KB * 1024 ? 0 : 1);
