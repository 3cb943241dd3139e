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
    /**
     * Why turning push on failed, and what to do (issue 31): shown beside the switch, with the browser's or the
     * server's own words behind «Detalles».
     */
    why: {
      insecure:
        'Las notificaciones push necesitan una conexión segura: abre la aplicación con https:// (o en localhost) para activarlas.',
      unsupported:
        'Tu navegador no soporta notificaciones push: usa una versión reciente de Chrome, Edge, Firefox o Safari (en iPhone, añade antes la aplicación a la pantalla de inicio).',
      blocked:
        'Permiso de notificaciones denegado: el navegador las tiene bloqueadas para este sitio. Permítelas en la configuración del sitio (el icono junto a la dirección) y vuelve a activar el interruptor.',
      dismissed:
        'Permiso de notificaciones denegado: se cerró la pregunta del navegador sin permitirlas. Vuelve a activar el interruptor y elige «Permitir».',
      worker:
        'No se pudo preparar el service worker que recibe las notificaciones: recarga la página y vuelve a intentarlo.',
      key: 'No se pudo obtener del servidor la clave de las notificaciones: comprueba la conexión y vuelve a intentarlo.',
      subscribe:
        'El servicio de notificaciones del navegador rechazó la suscripción: vuelve a intentarlo más tarde o prueba con otro navegador.',
      save: 'El servidor no guardó la suscripción de este dispositivo: vuelve a intentarlo en un momento.',
      disable: 'No se pudo quitar la suscripción de este navegador: recarga la página y vuelve a intentarlo.',
    },
    problemTitle: 'No se pudieron activar las notificaciones push',
    disableProblemTitle: 'No se pudieron desactivar las notificaciones push',
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
