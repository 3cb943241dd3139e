/**
 * The six item statuses' Spanish labels (product-design §4), written once: the app shows them and the server
 * names the current status in a refused step's 409 (the design's «a Spanish message naming the current status»).
 * Keyed by the status codes; the server and the app each check the keys against their own status type
 * (`satisfies Record<ItemStatus, string>`), so a status added without its label does not compile.
 */
export const itemStatusLabels = {
  draft: 'Borrador',
  internal_review: 'En revisión interna',
  internal_changes: 'Cambios internos solicitados',
  client_review: 'En revisión del cliente',
  client_changes: 'Cambios solicitados por el cliente',
  approved: 'Aprobado',
} as const;
