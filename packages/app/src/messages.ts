/**
 * Every user-visible Spanish text of the app, in one place (spec §2, §5, §8 are exact).
 * The design system keeps its own (packages/ui/src/messages.ts).
 */
export const msg = {
  /** The product's name: the sidebar's brand and the last part of every `document.title`. */
  productName: 'Estudio de Contenido',
  loading: 'Cargando...',
  comments: {
    /** Above a thread longer than it shows (features/comments/comments.ts, THREAD_LIMIT). */
    newestOnly: (n: number) => `Se muestran los ${n.toLocaleString('es-ES')} comentarios más recientes.`,
  },
  auth: {
    title: 'Iniciar sesión',
    subtitle: 'Accede a tu espacio de producción y revisión',
    email: 'Correo electrónico',
    password: 'Contraseña',
    submit: 'Entrar',
    submitting: 'Entrando…',
    success: 'Inicio de sesión exitoso',
    error: 'Error al iniciar sesión',
    invalidResponse: 'Respuesta de login inválida: faltan datos',
    sessionExpired: 'Sesión expirada. Por favor, inicia sesión nuevamente.',
    currentUserError: 'Error al obtener usuario actual',
    noToken: 'No hay token de autenticación',
    noUserInfo: 'No se pudo obtener la información del usuario',
    loggedOut: 'Sesión cerrada',
    emailRequired: 'Escribe tu correo electrónico',
    emailInvalid: 'Escribe un correo electrónico válido, como nombre@empresa.com',
    passwordRequired: 'Escribe tu contraseña',
  },
  home: {
    title: 'Tus portafolios',
    empty: 'No tienes portafolios',
    createLink: 'Crear un portafolio',
    loadError: 'Error al cargar portafolios',
    retry: 'Reintentar',
    idLabel: 'ID',
  },
  portfolios: {
    notFound: 'Portafolio no encontrado',
    accessRevoked: 'Ya no tienes acceso a este portafolio',
    loadOneError: 'Error al cargar el portafolio',
    switchError: 'Error al cambiar de portafolio',
    selectFirst: 'Selecciona un portafolio primero',
    noActive: 'No hay portafolio activo',
    fetchAll: 'Error al obtener portafolios',
    fetchOne: 'Error al obtener el portafolio',
    create: 'Error al crear portafolio',
    update: 'Error al actualizar portafolio',
    createNotion: 'Error al crear integración con Notion',
    listIntegrations: 'Error al obtener integraciones',
    removeIntegration: 'Error al eliminar integración',
    remove: 'Error al eliminar el portafolio',
  },
  nav: {
    dashboard: 'Dashboard',
    clientDashboard: 'Mi Dashboard',
    production: 'Plan de Producción',
    users: 'Gestión de Usuarios',
    tools: 'Herramientas',
    notify: 'Notificar',
    settings: 'Configuración',
    portfolioSettings: 'Configuración del portafolio',
    createNew: 'Crear Nuevo',
    logout: 'Cerrar Sesión',
    home: 'Inicio',
    review: 'Revisión',
    portfolioSelector: 'Portafolio activo',
  },
  editorSandbox: {
    intro:
      'El editor del copy y de los comentarios. Lo que escribes aquí no se guarda: a la derecha, el HTML que se enviaría al servidor y cómo se leerá.',
    editor: 'Texto de prueba',
    html: 'HTML producido',
    rendered: 'Vista de lectura',
    empty: 'Escribe algo en el editor',
    mentionsFrom: (name: string) => `Puedes mencionar a las personas de ${name}.`,
    mentionsSelf: 'Elige un portafolio para mencionar a su equipo; mientras tanto puedes mencionarte a ti.',
    sample:
      '<h2>Lanzamiento de otoño</h2><p>Un texto con <strong>negrita</strong>, <em>cursiva</em> y un <a href="https://example.com">enlace</a>.</p><ul><li><p>Primer punto</p></li><li><p>Segundo punto</p></li></ul><blockquote><p>Una cita del cliente.</p></blockquote>',
  },
  screens: {
    adminUsers: 'Gestión de Usuarios',
    adminTools: 'Herramientas',
    adminNotify: 'Notificar',
    editor: 'Prueba del editor',
    design: 'Sistema de diseño',
    createPortfolio: 'Crear portafolio',
    dashboard: 'Dashboard del portafolio',
    settings: 'Configuración del portafolio',
    settingsGeneral: 'General',
    settingsIntegrations: 'Integraciones',
    production: 'Plan de Producción',
    agents: 'Agentes',
    agentDetail: 'Detalle del agente',
    clientDashboard: 'Mi Dashboard',
    review: 'Panel de revisión',
    userSettings: 'Configuración',
  },
  /** /admin/notify: the mail queue (issue 45). */
  mail: {
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
  },
  errors: {
    screenLoad: 'No se pudo cargar esta pantalla',
    screenLoadHint:
      'Puede que haya una versión nueva de la aplicación o que se haya cortado la conexión. Recarga la página para seguir.',
    screenLoadOffline: 'Sin conexión: la pantalla aparecerá sola cuando vuelva la conexión.',
    startup: 'No se pudo iniciar la aplicación',
    /** A read answered 503 SERVICE_UNAVAILABLE (the server lost its database for a moment): asked again in 1 s. */
    serverUnavailable: 'Sin conexión con el servidor. Reintentando…',
    reload: 'Recargar',
    notFoundTitle: 'Página no encontrada',
    backHome: 'Volver al inicio',
  },
} as const;
