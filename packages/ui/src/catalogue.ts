/**
 * The living catalogue: every story of the design system, for the app's /design route (admins and employees
 * see the components inside the product), named in Spanish and grouped by their stories' titles.
 *
 * Stories are rendered from their own `render`, `args` and `decorators` (what Storybook would compose), never
 * through `composeStories` and never running `play`: the app aliases `storybook/test` to an inert stand-in, so
 * no Storybook runtime ships with it. Heavy components (the rich text editor, the annotators) load their
 * stories in their own chunk, when their entry is opened.
 */
import { type ComponentType, createElement, type ReactNode } from 'react';
import * as actionBar from './action-bar/action-bar.stories.tsx';
import * as avatar from './avatar/avatar.stories.tsx';
import * as badge from './badge/badge.stories.tsx';
import * as breadcrumb from './breadcrumb/breadcrumb.stories.tsx';
import * as button from './button/button.stories.tsx';
import * as card from './card/card.stories.tsx';
import * as checkbox from './checkbox/checkbox.stories.tsx';
import * as checkboxGroup from './checkbox-group/checkbox-group.stories.tsx';
import * as choice from './choice-dialog/choice-dialog.stories.tsx';
import * as combobox from './combobox/combobox.stories.tsx';
import * as confirm from './confirm-dialog/confirm-dialog.stories.tsx';
import * as dataTable from './data-table/data-table.stories.tsx';
import * as datePicker from './date-picker/date-picker.stories.tsx';
import * as dialog from './dialog/dialog.stories.tsx';
import * as drawer from './drawer/drawer.stories.tsx';
import * as dropdownMenu from './dropdown-menu/dropdown-menu.stories.tsx';
import * as empty from './empty-state/empty-state.stories.tsx';
import * as errorDetails from './error-details/error-details.stories.tsx';
import * as errorState from './error-state/error-state.stories.tsx';
import * as dropzone from './file-drop-zone/file-drop-zone.stories.tsx';
import * as filterBar from './filter-bar/filter-bar.stories.tsx';
import * as hooks from './hooks/hooks.stories.tsx';
import * as field from './input/input.stories.tsx';
import * as label from './label/label.stories.tsx';
import * as overlay from './loading-overlay/loading-overlay.stories.tsx';
import * as notifications from './notification-panel/notification-panel.stories.tsx';
import * as pagination from './pagination/pagination.stories.tsx';
import * as password from './password-field/password-field.stories.tsx';
import * as progressBar from './progress-bar/progress-bar.stories.tsx';
import * as quickAdd from './quick-add/quick-add.stories.tsx';
import * as highlights from './rich-text-editor/rich-text-highlights.stories.tsx';
import * as segmented from './segmented-control/segmented-control.stories.tsx';
import * as select from './select/select.stories.tsx';
import * as sidebar from './sidebar/sidebar.stories.tsx';
import * as skeleton from './skeleton/skeleton.stories.tsx';
import * as statCard from './stat-card/stat-card.stories.tsx';
import * as switchControl from './switch/switch.stories.tsx';
import * as switchGrid from './switch-grid/switch-grid.stories.tsx';
import * as system from './system-notifications/system-notifications.stories.tsx';
import * as table from './table/table.stories.tsx';
import * as tabs from './tabs/tabs.stories.tsx';
import * as tags from './tag-input/tag-input.stories.tsx';
import * as textarea from './textarea/textarea.stories.tsx';
import * as toaster from './toaster/toaster.stories.tsx';
import * as tooltip from './tooltip/tooltip.stories.tsx';
import * as virtualList from './virtual-list/virtual-list.stories.tsx';
import * as withheld from './withheld/withheld-button.stories.tsx';
import * as zoom from './zoom/zoom.stories.tsx';

/** The story groups (the part of a story's title before «/») and their Spanish names, in display order. */
export const catalogueGroups = {
  Primitives: 'Primitivas',
  Shell: 'Estructura',
  Planificación: 'Planificación',
  Revisión: 'Revisión',
} as const;
export type CatalogueGroup = keyof typeof catalogueGroups;

export interface CatalogueStory {
  /** The story's export name: stable, unique within its component. */
  id: string;
  /** Its Spanish name (the story's `name`). */
  name: string;
  /** Written for a phone (`globals.viewport` = mobile): shown in a 390 px frame. */
  mobile: boolean;
  /** Drawn for the whole page (`parameters.layout` = fullscreen: fixed layers, the shell): a taller frame. */
  fullscreen: boolean;
  /** Draws the story (its decorators around its render); call it while rendering, e.g. in `<StoryView>`. */
  render: () => ReactNode;
}

export interface CatalogueContent {
  /** The component's Spanish description (its meta's `parameters.docs.description.component`). */
  description?: string;
  stories: CatalogueStory[];
}

export interface CatalogueEntry {
  /** The stories' title, e.g. `Primitives/Badge`: a stable key. */
  id: string;
  group: CatalogueGroup;
  /** The component's Spanish name. */
  name: string;
  /** In its own chunk, fetched when opened (heavy components). */
  lazy: boolean;
  /**
   * Its description and stories: at once, or (lazy entries) the same promise every time, so that React's
   * `use` can wait for it.
   */
  load: () => CatalogueContent | Promise<CatalogueContent>;
}

// The shapes read from a CSF module: a loose view of Storybook's Meta and StoryObj, so that any story fits.
type Args = Record<string, unknown>;
interface Context {
  args: Args;
  parameters: Args;
  globals: Args;
}
type StoryFn = (context: Context) => ReactNode;
type Decorator = (story: (update?: Partial<Context>) => ReactNode, context: Context) => ReactNode;
interface Annotations {
  name?: string;
  args?: Args;
  parameters?: Args & { docs?: { description?: { component?: string } } };
  globals?: { viewport?: { value?: string } };
  decorators?: Decorator | Decorator[];
  render?: (args: Args, context: Context) => ReactNode;
}
interface Meta extends Annotations {
  title?: string;
  // biome-ignore lint/suspicious/noExplicitAny: a story's component takes the story's own props
  component?: ComponentType<any>;
}
export type StoryModule = { default: unknown } & Record<string, unknown>;

const list = <T>(x: T | T[] | undefined): T[] => (x === undefined ? [] : Array.isArray(x) ? x : [x]);

/** One decorator around a story function, with a stable inner `Story` (so `<Story />` never remounts). */
function decorate(inner: StoryFn, decorator: Decorator): StoryFn {
  let current: Context;
  const story = (update?: Partial<Context>) =>
    inner(update && Object.keys(update).length > 0 ? { ...current, ...update } : current);
  return (context) => {
    current = context;
    return decorator(story, context);
  };
}

/** A story as Storybook would compose it, without its play function and without the project annotations. */
function compose(meta: Meta, id: string, story: Annotations): CatalogueStory {
  const context: Context = {
    args: { ...meta.args, ...story.args },
    parameters: { ...meta.parameters, ...story.parameters },
    globals: { ...meta.globals, ...story.globals },
  };
  const render =
    story.render ??
    meta.render ??
    ((args: Args) => (meta.component ? createElement(meta.component, args) : null));
  // Story decorators sit inside the meta's, as in Storybook.
  const decorated = [...list(story.decorators), ...list(meta.decorators)].reduce<StoryFn>(decorate, (c) =>
    render(c.args, c),
  );
  return {
    id,
    name: story.name ?? id,
    mobile: (story.globals ?? meta.globals)?.viewport?.value === 'mobile',
    fullscreen: context.parameters.layout === 'fullscreen',
    render: () => decorated(context),
  };
}

/** One story, drawn as a component of its own (the story's hooks live here). */
export function StoryView({ story }: { story: CatalogueStory }) {
  return story.render();
}

/** A CSF module's description and stories (every named export that is a story object). */
export function readStories(mod: StoryModule): CatalogueContent {
  const meta = mod.default as Meta;
  return {
    description: meta.parameters?.docs?.description?.component,
    stories: Object.entries(mod)
      .filter(([key, value]) => key !== 'default' && typeof value === 'object' && value !== null)
      .map(([key, value]) => compose(meta, key, value as Annotations)),
  };
}

type Spec =
  | { name: string; stories: StoryModule }
  | { name: string; title: string; load: () => Promise<StoryModule> };

/** Every component with stories, by its Spanish name. */
const specs: Spec[] = [
  { name: 'Botón', stories: button },
  { name: 'Botón retenido con su motivo', stories: withheld },
  { name: 'Insignia', stories: badge },
  { name: 'Tarjeta', stories: card },
  { name: 'Etiqueta', stories: label },
  { name: 'Campo de texto', stories: field },
  { name: 'Campo de contraseña', stories: password },
  { name: 'Área de texto', stories: textarea },
  { name: 'Casilla de verificación', stories: checkbox },
  { name: 'Grupo de casillas', stories: checkboxGroup },
  { name: 'Interruptor', stories: switchControl },
  { name: 'Cuadrícula de interruptores', stories: switchGrid },
  { name: 'Lista desplegable', stories: select },
  {
    name: 'Propiedad de una pieza',
    title: 'Primitives/Property',
    load: () => import('./catalogue-lazy.ts').then((m) => m.property),
  },
  {
    name: 'Texto enriquecido para leer',
    title: 'Primitives/RichTextSurface',
    load: () => import('./catalogue-lazy.ts').then((m) => m.richTextSurface),
  },
  { name: 'Campo de etiquetas', stories: tags },
  { name: 'Alta rápida', stories: quickAdd },
  { name: 'Pestañas', stories: tabs },
  { name: 'Tabla', stories: table },
  { name: 'Paginación', stories: pagination },
  { name: 'Avatar', stories: avatar },
  { name: 'Zona para soltar archivos', stories: dropzone },
  { name: 'Panel lateral', stories: drawer },
  { name: 'Diálogo', stories: dialog },
  { name: 'Diálogo de confirmación', stories: confirm },
  { name: 'Diálogo de elección', stories: choice },
  { name: 'Menú desplegable', stories: dropdownMenu },
  { name: 'Información emergente', stories: tooltip },
  { name: 'Estado vacío', stories: empty },
  { name: 'Error con detalles', stories: errorDetails },
  { name: 'Error con reintento', stories: errorState },
  { name: 'Esqueleto de carga', stories: skeleton },
  { name: 'Tarjeta de cifra', stories: statCard },
  { name: 'Comportamientos (hooks)', stories: hooks },
  { name: 'Lista virtual', stories: virtualList },
  {
    name: 'Editor de texto enriquecido',
    title: 'Primitives/RichTextEditor',
    load: () => import('./rich-text-editor/rich-text-editor.stories.tsx'),
  },
  // Read-only rich text (no Tiptap): at once.
  { name: 'Texto con resaltados', stories: highlights },
  {
    name: 'Anotador de imágenes',
    title: 'Primitives/ImageAnnotator',
    load: () => import('./image-annotator/image-annotator.stories.tsx'),
  },
  {
    name: 'Anotador de vídeo',
    title: 'Primitives/VideoAnnotator',
    load: () => import('./image-annotator/video-annotator.stories.tsx'),
  },
  { name: 'Ruta de navegación', stories: breadcrumb },
  { name: 'Menú lateral', stories: sidebar },
  { name: 'Panel de notificaciones', stories: notifications },
  { name: 'Notificaciones del sistema', stories: system },
  { name: 'Avisos', stories: toaster },
  { name: 'Barra de acciones', stories: actionBar },
  { name: 'Capa de carga', stories: overlay },
  { name: 'Control segmentado', stories: segmented },
  { name: 'Barra de filtros', stories: filterBar },
  { name: 'Selector con búsqueda', stories: combobox },
  { name: 'Selector de fecha', stories: datePicker },
  { name: 'Tabla de datos', stories: dataTable },
  // The board and the calendar carry many stories (and the calendar's drag-and-drop): their own chunk.
  {
    name: 'Tablero kanban',
    title: 'Planificación/KanbanBoard',
    load: () => import('./catalogue-lazy.ts').then((m) => m.kanban),
  },
  {
    name: 'Calendario',
    title: 'Planificación/CalendarView',
    load: () => import('./catalogue-lazy.ts').then((m) => m.calendarView),
  },
  { name: 'Barra de progreso', stories: progressBar },
  // The review's tools load when chosen, like the editor and the annotators: /design's first download stays
  // within its budget as the design system grows.
  { name: 'Barra de zoom', stories: zoom },
  {
    name: 'Comparador de imágenes',
    title: 'Revisión/ImageCompare',
    load: () => import('./image-compare/image-compare.stories.tsx'),
  },
  {
    name: 'Vista previa de archivos',
    title: 'Revisión/FilePreview',
    load: () => import('./file-preview/file-preview.stories.tsx'),
  },
  {
    name: 'Comparador de textos',
    title: 'Revisión/DiffView',
    load: () => import('./diff-view/diff-view.stories.tsx'),
  },
];

const groupOf = (title: string): CatalogueGroup => {
  const group = title.split('/')[0] ?? '';
  if (!Object.hasOwn(catalogueGroups, group)) throw new Error(`Grupo de historias desconocido: ${title}`);
  return group as CatalogueGroup;
};

const order = Object.keys(catalogueGroups);

/** The catalogue, in group order (Primitivas, Estructura, Planificación, Revisión), then as listed above. */
export const catalogue: CatalogueEntry[] = specs
  .map((spec): CatalogueEntry => {
    if ('load' in spec) {
      let loading: Promise<CatalogueContent> | undefined;
      return {
        id: spec.title,
        group: groupOf(spec.title),
        name: spec.name,
        lazy: true,
        load: () => {
          loading ??= spec.load().then(readStories);
          return loading;
        },
      };
    }
    const title = (spec.stories.default as Meta).title ?? spec.name;
    let content: CatalogueContent | undefined;
    return {
      id: title,
      group: groupOf(title),
      name: spec.name,
      lazy: false,
      load: () => {
        content ??= readStories(spec.stories);
        return content;
      },
    };
  })
  .sort((a, b) => order.indexOf(a.group) - order.indexOf(b.group));
