/**
 * The diff view's Spanish texts. (Kept beside the component, which this change was limited to; they can join
 * the rest in `src/messages.ts` as `uiMessages.diffView`.)
 */
export const diffViewMessages = {
  /** Read before each marked stretch by screen readers: «[añadido] nuevo texto». */
  added: 'añadido',
  removed: 'eliminado',
  legend: 'Leyenda',
  legendAdded: 'Texto añadido',
  legendRemoved: 'Texto eliminado',
  unchanged: 'Sin cambios',
  noText: 'Sin texto',
  summary: (added: number, removed: number) =>
    `${added === 1 ? '1 palabra añadida' : `${added} palabras añadidas`}, ${removed === 1 ? '1 eliminada' : `${removed} eliminadas`}`,
  loading: 'Cargando la comparación…',
  error: 'No se pudieron comparar los textos',
} as const;
