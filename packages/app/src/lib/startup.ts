import { msg } from '../messages.ts';

/**
 * The last resort when start-up throws before React mounts: plain DOM (React may be what failed), a Spanish
 * message and «Recargar», instead of a blank page or a «Cargando...» that never ends.
 */
export function showStartupError(error: unknown) {
  console.error(error);
  const root = document.getElementById('root');
  if (!root) return;
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.className = 'boot';
  const title = document.createElement('h1');
  title.textContent = msg.errors.startup;
  const hint = document.createElement('p');
  hint.textContent = msg.errors.screenLoadHint;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = msg.errors.reload;
  button.addEventListener('click', () => window.location.reload());
  box.append(title, hint, button);
  root.replaceChildren(box);
}
