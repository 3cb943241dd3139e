/** Every Spanish text of the design system (spec §2, §4, §9 are exact). */
export const uiMessages = {
  loading: 'Cargando...',
  close: 'Cerrar',
  openMenu: 'Abrir menú',
  closeMenu: 'Cerrar menú',
  expandSidebar: 'Expandir menú lateral',
  collapseSidebar: 'Contraer menú lateral',
  mainNav: 'Navegación principal',
  breadcrumb: 'Ruta de navegación',
  moreBreadcrumbs: 'Mostrar más niveles',
  notifications: {
    bell: 'Notificaciones',
    title: 'Notificaciones',
    unread: (n: number) => `${n} sin leer`,
    unreadSuffix: 'sin leer',
    markAllRead: 'Marcar todas como leídas',
    archiveAll: 'Archivar todas las activas',
    pushSwitch: 'Notificaciones push',
    showArchived: 'Mostrar notificaciones archivadas',
    showActive: 'Mostrar notificaciones activas',
    empty: 'Sin notificaciones',
    markRead: 'Marcar como leída',
    archive: 'Archivar',
    unreadDot: 'No leída',
    readDot: 'Leída',
    error: 'No se pudieron cargar las notificaciones',
    retry: 'Reintentar',
    loadMore: 'Cargar más',
  },
  system: {
    title: 'Notificaciones del Sistema',
    clearAll: 'Limpiar todas',
    empty: 'Todo limpio',
    remove: 'Eliminar notificación',
    open: 'Abrir notificaciones del sistema',
    count: (n: number) => `${n} notificaciones`,
  },
  toast: {
    region: 'Avisos',
    close: 'Cerrar',
    types: { success: 'Éxito', error: 'Error', warning: 'Advertencia', info: 'Información' },
  },
  confirm: { confirm: 'Confirmar', cancel: 'Cancelar' },
  pagination: {
    label: 'Paginación',
    previous: 'Anterior',
    next: 'Siguiente',
    page: (n: number) => `Página ${n}`,
  },
  dropzone: {
    prompt: 'Arrastra archivos aquí o',
    browse: 'selecciónalos',
    uploading: 'Subiendo',
    progress: (name: string) => `Progreso de subida de ${name}`,
  },
  tagInput: { remove: (tag: string) => `Quitar ${tag}`, placeholder: 'Escribe y pulsa Intro' },
  portfolioSelector: 'Portafolio activo',
  selectPlaceholder: 'Selecciona…',
} as const;

/** Item statuses and their Spanish labels (product-design §4). */
export const itemStatusLabels = {
  draft: 'Borrador',
  internal_review: 'En revisión interna',
  internal_changes: 'Cambios internos solicitados',
  client_review: 'En revisión del cliente',
  client_changes: 'Cambios solicitados por el cliente',
  approved: 'Aprobado',
} as const;

export type ItemStatus = keyof typeof itemStatusLabels;
