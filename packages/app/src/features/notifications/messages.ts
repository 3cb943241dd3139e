/** The notification centre's and push's Spanish texts (spec §2, §8 — exact). */
export const notificationMessages = {
  markAllError: 'Error al marcar todas las notificaciones como leídas.',
  archiveAllError: 'Error al archivar todas las notificaciones.',
  loadError: 'Error al cargar las notificaciones',
  countError: 'Error al obtener el número de notificaciones sin leer',
  readError: 'Error al marcar la notificación como leída',
  archiveError: 'Error al archivar la notificación',
  push: {
    unsupported: 'Tu navegador no soporta notificaciones push',
    denied: 'Permiso de notificaciones denegado',
    enabled: 'Notificaciones push configuradas correctamente',
    disabled: 'Notificaciones push desactivadas',
    serverUpdateFailed:
      'Notificaciones desactivadas en este navegador, pero hubo un error al actualizar el servidor.',
    browserDisableFailed: 'Error al desactivar notificaciones en este navegador.',
    unsubscribeFailed: 'Error al desuscribirse de notificaciones',
    enableFailed: 'Error al activar las notificaciones push',
    switchLabel: 'Notificaciones push en este dispositivo',
    switchHint: 'Recibe avisos aunque la aplicación esté cerrada.',
  },
  devices: {
    title: 'Dispositivos con notificaciones push',
    empty: 'No hay dispositivos suscritos',
    loadError: 'Error al cargar dispositivos suscritos',
    deleteError: 'Error al eliminar suscripción',
    deleted: 'Suscripción eliminada correctamente',
    confirm: '¿Estás seguro de que quieres eliminar la suscripción de este dispositivo?',
    thisDevice: 'Este dispositivo',
    delete: 'Eliminar',
    subscribedOn: 'Suscrito el',
  },
} as const;
