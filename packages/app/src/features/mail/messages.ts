/**
 * /admin/notify's mail queue (issue 45) in Spanish: with the screen and its store, not in the first load's `msg`
 * (the first load held every screen's texts; /auth's budget of 130 kB had none left).
 */
export const mailMsg = {
  pendingTitle: 'Correos pendientes',
  pendingEmpty: 'Ningún correo pendiente',
  pendingMore: (shown: number, total: number) =>
    `Se muestran los ${shown} primeros de ${total.toLocaleString('es-ES')} correos pendientes.`,
  failuresTitle: 'Correos que no se pudieron enviar',
  failuresEmpty: 'Ningún correo fallido',
  off: 'El correo está desactivado: configura SMTP_URL en el servidor para enviarlo.',
  loadError: 'No se pudieron cargar los correos',
  attempts: (n: number) => (n === 0 ? 'Sin intentos todavía' : n === 1 ? '1 intento' : `${n} intentos`),
  sending: 'Enviándose ahora',
  dueNow: 'Se enviará en breve',
  /** «Reintentará a las 14:05»; another day: «Reintentará el 5 dic a las 14:05». */
  nextAttempt: (time: string, day?: string) =>
    day ? `Reintentará el ${day} a las ${time}` : `Reintentará a las ${time}`,
  retry: 'Reintentar',
  retryOf: (to: string) => `Reintentar el correo a ${to}`,
  retryAll: 'Reintentar todos',
  retried: (n: number) =>
    n === 1 ? 'El correo vuelve a la cola de envío' : `${n} correos vuelven a la cola de envío`,
  retryError: 'No se pudo volver a enviar el correo',
  smtpDownTitle: 'No se puede conectar con el servidor de correo',
  smtpDown:
    'Los correos esperan en la cola y se enviarán solos cuando vuelva a responder. Comprueba el servidor de SMTP_URL.',
} as const;
