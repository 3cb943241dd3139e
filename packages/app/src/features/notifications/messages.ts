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
  /** /settings › Notificaciones (issue 29): the groups' names come from the server. */
  preferences: {
    title: 'Notificaciones',
    regionLabel: 'Preferencias de notificaciones',
    description: 'Elige por qué canal te llega cada tipo de aviso.',
    caption: 'Canales por tipo de aviso',
    channels: { app: 'En la app', push: 'Push', email: 'Correo' },
    /** A switch's accessible name: «Revisiones por correo». */
    switchLabel: (group: string, channel: 'app' | 'push' | 'email') =>
      `${group} ${{ app: 'en la app', push: 'por push', email: 'por correo' }[channel]}`,
    loadError: 'Error al cargar tus preferencias de notificación',
    saveError: 'Error al guardar tus preferencias de notificación',
    emailUnavailable:
      'El correo no está configurado en este servidor: pide a un administrador que configure SMTP_URL.',
    emailHint: (minutes: number) =>
      `Por correo: las peticiones de revisión y las menciones llegan al momento; lo demás, en un resumen cada ${minutes} minutos.`,
  },
  /** «Dejar de seguir» on an item (issue 29). */
  follow: {
    follow: 'Seguir',
    unfollow: 'Dejar de seguir',
    followed: 'Sigues esta pieza',
    unfollowed: 'Ya no sigues esta pieza',
    hint: 'Quien sigue una pieza recibe sus comentarios y decisiones',
    error: 'Error al cambiar el seguimiento de la pieza',
  },
} as const;
