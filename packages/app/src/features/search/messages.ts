/** The search's texts (issue 49, point 3). */
export const searchMsg = {
  open: 'Buscar',
  shortcut: (mac: boolean) => (mac ? '⌘K' : 'Ctrl+K'),
  title: 'Buscar',
  description: 'Carteras, piezas y comentarios de todos los ciclos',
  label: 'Buscar en carteras, piezas y comentarios',
  placeholder: 'Busca una pieza, un texto o un comentario…',
  results: 'Resultados',
  empty: (q: string) => `Nada coincide con «${q}»`,
  searching: 'Buscando…',
  error: 'No se pudo buscar. Inténtalo de nuevo.',
  hint: 'Escribe al menos una palabra. Enter abre la pieza.',
  types: { portfolio: 'Cartera', item: 'Pieza', comment: 'Comentario' },
  cycle: (start: string, end: string) => `Ciclo ${start} – ${end}`,
} as const;
