import { itemMsg } from '../production/messages.ts';

const pieces = (n: number) => (n === 1 ? '1 pieza' : `${n} piezas`);

/** Spanish texts of the two dashboards (product-design §7). */
export const dashboardMsg = {
  loading: 'Cargando el dashboard…',
  loadError: 'No se pudo cargar el dashboard',
  retry: 'Reintentar',
  pieces,
  since: (ago: string) => `En espera: ${ago}`,
  cycle: {
    title: 'Ciclo actual',
    range: (start: string, end: string) => `${start} – ${end}`,
    daysLeft: (n: number) =>
      n === 0 ? 'El ciclo ha terminado' : n === 1 ? 'Queda 1 día (hoy)' : `Quedan ${n} días`,
    progress: 'Progreso del ciclo',
    approvedOf: (approved: number, total: number) => `${approved} de ${pieces(total)} aprobadas`,
    none: 'No hay un ciclo en curso',
  },
  noCycle: {
    title: 'La producción no tiene un ciclo en curso',
    description:
      'Inicia la producción (o crea el siguiente ciclo) en el plan de producción para ver aquí su avance.',
    action: 'Iniciar producción',
  },
  statuses: {
    title: 'Piezas por estado',
    description: 'Del ciclo actual. Abre el plan filtrado por estado.',
    unit: (n: number) => (n === 1 ? 'pieza' : 'piezas'),
  },
  pendingInternal: {
    title: 'Revisiones internas pendientes',
    empty: 'No hay piezas esperando revisión interna',
  },
  clientChanges: {
    title: 'Cambios solicitados por el cliente',
    empty: 'El cliente no ha pedido cambios',
  },
  more: (n: number) => (n === 1 ? 'y 1 más' : `y ${n} más`),
  upcoming: {
    title: 'Publicaciones de los próximos 7 días',
    empty: 'Ninguna pieza se publica en los próximos 7 días',
  },
  activity: {
    title: 'Actividad reciente',
    empty: 'Todavía no hay actividad en este portafolio',
    comment: 'Comentó',
    actions: itemMsg.history.actions as Record<string, string>,
    fallback: 'Actualizó la pieza',
  },
  client: {
    awaiting: {
      title: 'Esperan tu revisión',
      empty: 'No tienes piezas pendientes de revisión',
      emptyDescription:
        'Cuando el equipo te envíe una pieza para revisar, aparecerá aquí con un botón para revisarla.',
      review: 'Revisar',
      reviewItem: (title: string) => `Revisar «${title}»`,
    },
    approved: {
      title: 'Aprobadas en este ciclo',
      empty: 'Aún no hay piezas aprobadas en este ciclo',
      emptyDescription: 'Las piezas que apruebes durante el ciclo actual aparecerán aquí.',
    },
    comments: {
      title: 'Comentarios recientes',
      empty: 'Sin comentarios recientes',
      emptyDescription: 'Los comentarios sobre tus piezas, tuyos y del equipo, aparecerán aquí.',
      on: (title: string) => `en «${title}»`,
    },
    noCycleDescription: 'Cuando empiece un ciclo de producción verás aquí sus fechas.',
  },
} as const;
