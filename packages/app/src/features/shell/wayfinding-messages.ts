import { msg } from '../../messages.ts';

/** Links from one screen to the others (issue 31, wayfinding). */
export const wayfindingMsg = {
  label: 'Otras pantallas del portafolio',
  review: msg.nav.review,
  reviewWithCount: (n: number) =>
    n === 0 ? `${msg.nav.review}: nada pendiente` : `${msg.nav.review}: ${n} pendiente${n === 1 ? '' : 's'}`,
  agents: msg.screens.agents,
  clientView: 'Vista del cliente',
  tools: 'Utilidades del equipo',
} as const;
