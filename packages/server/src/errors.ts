/**
 * The one registry of error codes. Each code has its HTTP status and its Spanish message; a thrown
 * AppError may carry a more specific message (e.g. naming the field or the current status).
 */
export const errorCatalog = {
  VALIDATION: { status: 400, message: 'Datos inválidos' },
  INVALID_JSON: { status: 400, message: 'El cuerpo de la petición no es un JSON válido' },
  UNAUTHORIZED: { status: 401, message: 'No autenticado' },
  INVALID_TOKEN: { status: 401, message: 'Sesión inválida o expirada' },
  INVALID_CREDENTIALS: { status: 401, message: 'Correo o contraseña incorrectos' },
  FORBIDDEN: { status: 403, message: 'No tienes permiso para realizar esta acción' },
  NOT_FOUND: { status: 404, message: 'No encontrado' },
  ROUTE_NOT_FOUND: { status: 404, message: 'Ruta no encontrada' },
  CONFLICT: { status: 409, message: 'Conflicto con el estado actual' },
  EMAIL_TAKEN: { status: 409, message: 'Ya existe un usuario con ese correo' },
  IDENTIFIER_TAKEN: { status: 409, message: 'El identificador ya está en uso' },
  INVALID_TRANSITION: { status: 409, message: 'Transición de estado no permitida' },
  CONCURRENT_UPDATE: {
    status: 409,
    message: 'Otra persona modificó este elemento; recarga e inténtalo de nuevo',
  },
  /** A one-time sign-in link's user is not the one signed in on the browser: not redeemed until confirmed. */
  OTHER_SESSION: { status: 409, message: 'Hay otra sesión abierta en este navegador' },
  /** One message for every reason a sign-in link does not work (used, expired, void, unknown). */
  SIGNIN_LINK_GONE: { status: 410, message: 'Este enlace ya se usó o caducó' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'El archivo es demasiado grande' },
  URI_TOO_LONG: { status: 414, message: 'La dirección de la petición es demasiado larga' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Tipo de archivo no permitido' },
  RATE_LIMITED: { status: 429, message: 'Demasiados intentos. Espera un momento e inténtalo de nuevo.' },
  INTERNAL: { status: 500, message: 'Error interno del servidor' },
  UNAVAILABLE: { status: 503, message: 'Servicio no disponible' },
  /** The request's connection to the database was lost (a failover, a restart): worth trying again shortly. */
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'Sin conexión con la base de datos. Inténtalo de nuevo en unos segundos.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalog;

export interface ErrorDetail {
  field?: string;
  message: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: ErrorDetail[];

  constructor(code: ErrorCode, message?: string, details?: ErrorDetail[]) {
    super(message ?? errorCatalog[code].message);
    this.code = code;
    this.status = errorCatalog[code].status;
    this.details = details;
  }
}

/**
 * NOT_FOUND's Spanish messages, one per kind of thing a 404 names (ids that do not exist and ids the caller may
 * not see answer the same). Throw them with `notFound('portfolio')`, never a message written inline.
 */
export const notFoundMessages = {
  portfolio: 'Portafolio no encontrado',
  cycle: 'Ciclo no encontrado',
  targetCycle: 'Ciclo de destino no encontrado',
  item: 'Pieza no encontrada',
  itemInPortfolio: 'Pieza no encontrada en el portafolio',
  element: 'Elemento no encontrado',
  comment: 'Comentario no encontrado',
  file: 'Archivo no encontrado',
  user: 'Usuario no encontrado',
  userWithoutAccess: 'El usuario no tiene acceso a ese portafolio',
  integration: 'Integración no encontrada',
  tool: 'Herramienta no encontrada',
  agent: 'Agente no encontrado',
  task: 'Tarea no encontrada',
  notification: 'Notificación no encontrada',
  subscription: 'Suscripción no encontrada',
  failedMail: 'No hay ningún correo fallido con ese identificador',
} as const satisfies Record<string, string>;

export type NotFoundSubject = keyof typeof notFoundMessages;

/** A 404 naming what was not found (`notFoundMessages`); without a subject, the catalogue's «No encontrado». */
export const notFound = (what?: NotFoundSubject) =>
  new AppError('NOT_FOUND', what === undefined ? undefined : notFoundMessages[what]);
export const forbidden = (message?: string) => new AppError('FORBIDDEN', message);
export const conflict = (message?: string) => new AppError('CONFLICT', message);
