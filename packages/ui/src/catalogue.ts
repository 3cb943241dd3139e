/**
 * The living catalogue: every story of the design system, composed with the project's annotations, for
 * the app's /design route (admins and employees see the components inside the product).
 */
import { composeStories } from '@storybook/react';
import type { ComponentType } from 'react';
import * as avatar from './avatar/avatar.stories.tsx';
import * as badge from './badge/badge.stories.tsx';
import * as breadcrumb from './breadcrumb/breadcrumb.stories.tsx';
import * as button from './button/button.stories.tsx';
import * as calendarView from './calendar-view/calendar-view.stories.tsx';
import * as baseCard from './card/card.stories.tsx';
import * as checkbox from './checkbox/checkbox.stories.tsx';
import * as combobox from './combobox/combobox.stories.tsx';
import * as confirm from './confirm-dialog/confirm-dialog.stories.tsx';
import * as dataTable from './data-table/data-table.stories.tsx';
import * as datePicker from './date-picker/date-picker.stories.tsx';
import * as dialog from './dialog/dialog.stories.tsx';
import * as drawer from './drawer/drawer.stories.tsx';
import * as dropdownMenu from './dropdown-menu/dropdown-menu.stories.tsx';
import * as empty from './empty-state/empty-state.stories.tsx';
import * as dropzone from './file-drop-zone/file-drop-zone.stories.tsx';
import * as filePreview from './file-preview/file-preview.stories.tsx';
import * as filterBar from './filter-bar/filter-bar.stories.tsx';
import * as hooks from './hooks/hooks.stories.tsx';
import * as imageCompare from './image-compare/image-compare.stories.tsx';
import * as field from './input/input.stories.tsx';
import * as kanban from './kanban/kanban.stories.tsx';
import * as overlay from './loading-overlay/loading-overlay.stories.tsx';
import * as notifications from './notification-panel/notification-panel.stories.tsx';
import * as pagination from './pagination/pagination.stories.tsx';
import * as card from './portfolio-card/portfolio-card.stories.tsx';
import * as progressBar from './progress-bar/progress-bar.stories.tsx';
import * as segmented from './segmented-control/segmented-control.stories.tsx';
import * as select from './select/select.stories.tsx';
import * as sidebar from './sidebar/sidebar.stories.tsx';
import * as skeleton from './skeleton/skeleton.stories.tsx';
import * as status from './status-badge/status-badge.stories.tsx';
import * as switchControl from './switch/switch.stories.tsx';
import * as system from './system-notifications/system-notifications.stories.tsx';
import * as table from './table/table.stories.tsx';
import * as tabs from './tabs/tabs.stories.tsx';
import * as tags from './tag-input/tag-input.stories.tsx';
import * as textarea from './textarea/textarea.stories.tsx';
import * as toaster from './toaster/toaster.stories.tsx';
import * as tooltip from './tooltip/tooltip.stories.tsx';

export interface CatalogueEntry {
  title: string;
  /** The component's Spanish description (its meta's `parameters.docs.description.component`), if any. */
  description?: string;
  stories: Array<{ name: string; Component: ComponentType }>;
}

const modules = [
  button,
  status,
  badge,
  baseCard,
  field,
  textarea,
  checkbox,
  switchControl,
  select,
  tags,
  tabs,
  table,
  pagination,
  segmented,
  filterBar,
  combobox,
  datePicker,
  dataTable,
  kanban,
  calendarView,
  progressBar,
  avatar,
  dropzone,
  drawer,
  dialog,
  confirm,
  dropdownMenu,
  tooltip,
  empty,
  card,
  breadcrumb,
  sidebar,
  notifications,
  system,
  toaster,
  overlay,
  skeleton,
  imageCompare,
  filePreview,
  hooks,
];

export const catalogue: CatalogueEntry[] = modules.map((mod) => {
  const composed = composeStories(mod as Parameters<typeof composeStories>[0]) as Record<
    string,
    ComponentType & { storyName?: string }
  >;
  const meta = mod.default as {
    title?: string;
    parameters?: { docs?: { description?: { component?: string } } };
  };
  return {
    title: meta.title ?? 'Componente',
    description: meta.parameters?.docs?.description?.component,
    stories: Object.entries(composed).map(([key, Component]) => ({
      name: Component.storyName ?? key,
      Component,
    })),
  };
});
