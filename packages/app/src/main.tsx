import '@crw/ui/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { authStore, loadCurrentUser } from './features/auth/store.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { showStartupError } from './lib/startup.ts';
import { applyTheme } from './lib/theme.ts';
import { preloadScreens } from './router.tsx';

/**
 * Start-up order of spec §4: register the service worker, load the current user if a token exists, mount.
 * Until the mount, index.html's own «Cargando...» stays in #root (never a blank page while the worker
 * registers or /auth/me answers); if start-up throws, a Spanish message with «Recargar» replaces it.
 * Meanwhile the first screen's chunks download (`preloadScreens`), so the mount waits for nothing slower
 * than the registration and /auth/me. The first render is a transition: React yields every few ms instead
 * of one long task (issue 14: total blocking time).
 */
async function start() {
  applyTheme();
  const registered = registerServiceWorker();
  // A task of its own, apart from the main module's evaluation (issue 14: blocking time): matching the routes and
  // the preload helper's links for what the HTML does not already preload (shell.html lists the shell's chunks).
  setTimeout(() => preloadScreens(window.location.pathname, Boolean(authStore.token)));
  await registered;
  if (authStore.token) await loadCurrentUser();
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

start().catch(showStartupError);
