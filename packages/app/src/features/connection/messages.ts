/** The connection's texts (issue 49, point 6): loaded with the signed-in shell, not in the first load. */
export const connectionMessages = {
  lost: 'Sin conexión con el servidor. Reintentando…',
  restored: 'Conexión restablecida',
} as const;
