/** /settings › Notificaciones (issue 29): only the settings screen loads these. */
export const preferenceMessages = {
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
};
