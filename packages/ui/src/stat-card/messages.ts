/**
 * The stat card's Spanish texts. (They belong with the rest in `src/messages.ts`; kept here while that file is
 * shared work in progress — move them as `uiMessages.statCard` when convenient.)
 */
export const statCardMessages = {
  loading: 'Cargando...',
  empty: 'Sin datos',
  error: 'No se pudo cargar el dato',
} as const;
