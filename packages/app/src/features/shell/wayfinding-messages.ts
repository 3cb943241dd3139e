import { msg } from '../../messages.ts';

/** Links from one screen to the others (issue 31, wayfinding). */
export const wayfindingMsg = {
  label: 'Otras pantallas del portafolio',
  review: msg.nav.review,
  /** After the count, for screen readers only. */
  pending: (n: number) => (n === 0 ? 'nada pendiente' : n === 1 ? 'pendiente' : 'pendientes'),
  agents: msg.screens.agents,
  clientView: 'Vista del cliente',
  tools: 'Utilidades del equipo',
} as const;
