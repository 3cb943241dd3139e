import { msg } from '../../messages.ts';

/** Spanish texts of portfolio creation and settings; the spec's exact ones come from `msg.portfolios`. */
export const portfolioSettingsMsg = {
  fields: {
    businessName: 'Nombre del negocio',
    businessNameRequired: 'Escribe el nombre del negocio',
    identifier: 'Identificador',
    identifierHint: 'Único, en minúsculas, con números y guiones. Se propone a partir del nombre.',
    identifierFormat:
      'Usa de 3 a 60 letras minúsculas sin acentos, números y guiones (sin guion al principio ni al final)',
    identifierTaken: 'Ese identificador ya está en uso: elige otro',
    pilares: 'Pilares de contenido',
    angulos: 'Ángulos de venta',
    formatos: 'Formatos creativos',
    listsTitle: 'Ciclo de producción',
    listsDescription: 'Los pilares, ángulos y formatos con los que se planifican y etiquetan las piezas.',
  },
  availability: {
    checking: 'Comprobando disponibilidad…',
    available: 'Disponible',
    taken: 'No disponible',
    error: 'No se pudo comprobar la disponibilidad',
  },
  create: {
    intro: 'Un portafolio es la cuenta de un negocio: su producción, revisión, agentes e integraciones.',
    submit: 'Crear portafolio',
    submitting: 'Creando…',
    cancel: 'Cancelar',
    created: (name: string) => `Portafolio «${name}» creado`,
  },
  general: {
    save: 'Guardar cambios',
    saving: 'Guardando…',
    discard: 'Descartar cambios',
    saved: 'Cambios guardados',
    identifierReadOnly: 'El identificador no se puede cambiar aquí.',
    readOnly: 'No tienes permiso para editar este portafolio: puedes verlo, pero no cambiarlo.',
  },
  review: {
    title: 'Revisión',
    selfApproval: 'Permitir que el autor apruebe su propio trabajo',
    selfApprovalHint:
      'Desactivado (recomendado): quien escribió la versión vigente de una pieza no puede aprobarla para el cliente; debe revisarla otra persona del equipo. Actívalo solo si el equipo es de una persona.',
    on: 'El autor puede aprobar su propio trabajo en este portafolio',
    off: 'Cuatro ojos: otra persona del equipo aprueba cada versión para el cliente',
  },
  remove: {
    title: 'Eliminar portafolio',
    description:
      'Elimina el portafolio con todo lo que contiene: ciclos, piezas, versiones, archivos, agentes, tareas, comentarios e integraciones. No se puede deshacer.',
    open: 'Eliminar portafolio…',
    noPermission:
      'Para eliminarlo necesitas el permiso «Eliminar el portafolio»; pídeselo a un administrador.',
    dialogTitle: (name: string) => `¿Eliminar «${name}»?`,
    confirmLabel: (identifier: string) => `Escribe ${identifier} para confirmar`,
    mismatch: 'El texto no coincide con el identificador',
    confirm: 'Eliminar definitivamente',
    removing: 'Eliminando…',
    cancel: 'Cancelar',
    removed: (name: string) => `Portafolio «${name}» eliminado`,
  },
  integrations: {
    notionTitle: 'Notion',
    notionDescription:
      'Las páginas de Notion vinculadas a este portafolio. Pega el enlace de una página (o su ID) para añadirla.',
    page: 'Página de Notion',
    pageHint: 'El enlace de la página (https://www.notion.so/…) o su ID de 32 caracteres.',
    add: 'Añadir integración',
    adding: 'Añadiendo…',
    added: 'Integración con Notion añadida',
    empty: 'Sin integraciones de Notion',
    emptyDescription: 'Añade una página para vincularla con este portafolio.',
    list: 'Integraciones de Notion',
    pageId: 'ID de página',
    addedOn: (date: string) => `Añadida el ${date}`,
    open: 'Abrir en Notion',
    remove: (id: string) => `Quitar la integración con la página ${id}`,
    removeShort: 'Quitar',
    confirmTitle: '¿Quitar esta integración con Notion?',
    confirmDescription: (id: string) => `La página ${id} dejará de estar vinculada a este portafolio.`,
    removed: 'Integración eliminada',
    retry: 'Reintentar',
    invalid: {
      empty: 'Pega el enlace o el ID de la página de Notion',
      notNotion: 'El enlace no es de Notion: debe ser de notion.so o notion.site',
      noId: 'No se encontró un ID de página válido: son 32 caracteres hexadecimales (0-9 y a-f)',
    },
    duplicate: 'Esa página ya está integrada en este portafolio',
  },
  sync: {
    title: 'Sincronización con Notion',
    description:
      'Cada pieza que el cliente aprueba se añade una vez al final de las páginas vinculadas: título, formato, fecha de publicación, el texto y los enlaces a sus archivos.',
    missingTitle: 'Falta el token de integración de Notion',
    missingDescription:
      'Quien administra el servidor debe configurar la variable NOTION_TOKEN con el token de una integración interna de Notion y compartir con ella las páginas. Mientras tanto, las piezas aprobadas esperan aquí y se enviarán cuando el token esté configurado.',
    now: 'Sincronizar ahora',
    syncing: 'Sincronizando…',
    nowDone: (retried: number, queued: number) =>
      retried + queued === 0
        ? 'Todo está sincronizado: no había nada que reenviar'
        : `Sincronización en marcha: ${retried} reintentada${retried === 1 ? '' : 's'}, ${queued} nueva${queued === 1 ? '' : 's'}`,
    nowError: 'Error al sincronizar con Notion',
    loadError: 'Error al obtener el estado de la sincronización con Notion',
    list: 'Piezas sincronizadas con Notion',
    empty: 'Aún no hay piezas aprobadas por el cliente',
    emptyDescription: 'Cuando el cliente apruebe una pieza, aparecerá aquí con su estado en Notion.',
    noPages: 'Vincula una página de Notion para sincronizar las piezas aprobadas.',
    counts: (done: number, waiting: number, failed: number) =>
      `${done} sincronizada${done === 1 ? '' : 's'} · ${waiting} en cola · ${failed} con error`,
    status: {
      pending: 'En cola',
      running: 'Enviando',
      done: 'Sincronizada',
      failed: 'Error',
    },
    page: (id: string) => `Página ${id.replace(/-/g, '').slice(0, 8)}…`,
    syncedOn: (date: string) => `Sincronizada el ${date}`,
    attempts: (n: number) => `${n} intento${n === 1 ? '' : 's'}`,
  },
  noActive: msg.portfolios.noActive,
  retry: 'Reintentar',
} as const;
