/**
 * The texts the shell shows from the first load, in a module of their own: the app's entry chunk carries these
 * and not every text of the design system (messages.ts, which composes them into uiMessages).
 */
export const loadingText = 'Cargando...';
export const systemMessages = {
  title: 'Notificaciones del Sistema',
  clearAll: 'Limpiar todas',
  empty: 'Todo limpio',
  remove: 'Eliminar notificación',
  open: 'Abrir notificaciones del sistema',
  count: (n: number) => `${n} notificaciones`,
};
export const toastMessages = {
  region: 'Avisos',
  close: 'Cerrar',
  types: { success: 'Éxito', error: 'Error', warning: 'Advertencia', info: 'Información' },
};
