import '@crw/ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { authStore, loadCurrentUser } from './features/auth/store.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { showStartupError } from './lib/startup.ts';
import { applyTheme } from './lib/theme.ts';

/**
 * Start-up order of spec §4: register the service worker, load the current user if a token exists, mount.
 * Until the mount, index.html's own «Cargando...» stays in #root (never a blank page while the worker
 * registers or /auth/me answers); if start-up throws, a Spanish message with «Recargar» replaces it.
 */
async function start() {
  applyTheme();
  await registerServiceWorker();
  if (authStore.token) await loadCurrentUser();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

start().catch(showStartupError);
