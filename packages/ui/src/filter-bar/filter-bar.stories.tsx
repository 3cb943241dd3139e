import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { SearchIcon } from 'lucide-react';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Input } from '../input/input.tsx';
import { Label } from '../label/label.tsx';
import { Select } from '../select/select.tsx';
import { Switch } from '../switch/switch.tsx';
import { type ActiveFilter, FilterBar } from './filter-bar.tsx';

const dark: Decorator = (Story) => (
  <div className="dark rounded-xl bg-background p-4 text-foreground">
    <Story />
  </div>
);

const statuses = [
  { value: 'draft', label: 'Borrador' },
  { value: 'internal_review', label: 'En revisión interna' },
  { value: 'approved', label: 'Aprobado' },
];
const formats = [
  { value: 'reel', label: 'Reel' },
  { value: 'carrusel', label: 'Carrusel' },
];

interface State {
  text: string;
  status?: string;
  format?: string;
  mine: boolean;
}

function Harness({
  initial,
  disabled,
  onRemove,
  onClear,
}: {
  initial: State;
  disabled?: boolean;
  onRemove?: (key: string) => void;
  onClear?: () => void;
}) {
  const [s, setS] = useState<State>(initial);
  const active: ActiveFilter[] = [];
  if (s.text) active.push({ key: 'text', label: 'Texto', valueLabel: `“${s.text}”` });
  if (s.status)
    active.push({
      key: 'status',
      label: 'Estado',
      valueLabel: statuses.find((o) => o.value === s.status)?.label ?? '',
    });
  if (s.format)
    active.push({
      key: 'format',
      label: 'Formato',
      valueLabel: formats.find((o) => o.value === s.format)?.label ?? '',
    });
  if (s.mine) active.push({ key: 'mine', label: 'Asignación', valueLabel: 'Mis ítems' });
  return (
    <FilterBar
      filters={active}
      disabled={disabled}
      onRemove={(key) => {
        onRemove?.(key);
        setS((prev) => ({ ...prev, [key]: key === 'mine' ? false : key === 'text' ? '' : undefined }));
      }}
      onClear={() => {
        onClear?.();
        setS({ text: '', mine: false });
      }}
      end={
        <div className="flex items-center gap-2 text-sm">
          <Switch
            id="filter-mine"
            aria-labelledby="filter-mine-label"
            checked={s.mine}
            onCheckedChange={(mine) => setS((p) => ({ ...p, mine }))}
            disabled={disabled}
          />
          <Label id="filter-mine-label" htmlFor="filter-mine" className="font-normal">
            Mis ítems
          </Label>
        </div>
      }
    >
      <div className="relative sm:w-64">
        <SearchIcon
          className="pointer-events-none absolute top-3 left-3 size-4 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          aria-label="Buscar por texto"
          placeholder="Buscar…"
          className="pl-9"
          value={s.text}
          disabled={disabled}
          onChange={(e) => setS((p) => ({ ...p, text: e.target.value }))}
        />
      </div>
      <Select
        aria-label="Estado"
        placeholder="Estado"
        className="sm:w-48"
        options={statuses}
        value={s.status ?? ''}
        disabled={disabled}
        onValueChange={(status) => setS((p) => ({ ...p, status }))}
      />
      <Select
        aria-label="Formato"
        placeholder="Formato"
        className="sm:w-40"
        options={formats}
        value={s.format ?? ''}
        disabled={disabled}
        onValueChange={(format) => setS((p) => ({ ...p, format }))}
      />
    </FilterBar>
  );
}

const meta = {
  title: 'Planificación/FilterBar',
  component: Harness,
  args: {
    initial: { text: 'lanzamiento', status: 'internal_review', format: 'reel', mine: true },
    onRemove: fn(),
    onClear: fn(),
  },
  parameters: {
    docs: {
      description: {
        component:
          'Barra de filtros: los controles para filtrar una lista y los filtros activos como fichas, que se quitan de uno en uno o todos a la vez.',
      },
    },
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ActiveFiltersAsChips: Story = {
  name: 'Filtros activos como fichas',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('search', { name: 'Filtros' })).toBeInTheDocument();
    const chips = c.getByRole('list', { name: 'Filtros activos' });
    await expect(within(chips).getAllByRole('listitem')).toHaveLength(4);
    // Remove one with the mouse…
    await userEvent.click(c.getByRole('button', { name: 'Quitar filtro Estado: En revisión interna' }));
    await expect(args.onRemove).toHaveBeenCalledWith('status');
    await expect(within(chips).getAllByRole('listitem')).toHaveLength(3);
    await expect(c.getByText('3 filtros activos')).toBeInTheDocument();
    // …and one with the keyboard.
    c.getByRole('button', { name: 'Quitar filtro Formato: Reel' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRemove).toHaveBeenCalledWith('format');
    // Adding a filter through a control adds its chip.
    await userEvent.type(c.getByLabelText('Buscar por texto'), ' primavera');
    await expect(c.getByText('“lanzamiento primavera”')).toBeVisible();
  },
};

export const ClearAllInOneClick: Story = {
  name: 'Limpiar todo con un clic',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Limpiar filtros' }));
    await expect(args.onClear).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(c.queryByRole('list', { name: 'Filtros activos' })).toBeNull());
    await expect(c.queryByRole('button', { name: 'Limpiar filtros' })).toBeNull();
    await expect(c.getByText('0 filtros activos')).toBeInTheDocument();
    await expect(c.getByLabelText('Buscar por texto')).toHaveValue('');
  },
};

export const NoFilters: Story = {
  name: 'Sin filtros',
  args: { initial: { text: '', mine: false } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.queryByRole('button', { name: 'Limpiar filtros' })).toBeNull();
    await userEvent.click(c.getByRole('switch'));
    await expect(c.getByRole('button', { name: 'Quitar filtro Asignación: Mis ítems' })).toBeVisible();
  },
};

export const LongSpanishValues: Story = {
  name: 'Valores largos',
  args: {
    initial: {
      text: 'campaña de lanzamiento de la nueva colección de otoño-invierno para redes sociales',
      status: 'internal_review',
      format: 'carrusel',
      mine: true,
    },
  },
};

export const Disabled: Story = {
  name: 'Desactivada',
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Limpiar filtros' })).toBeDisabled();
    await expect(c.getByRole('button', { name: 'Quitar filtro Formato: Reel' })).toBeDisabled();
  },
};

export const Mobile390: Story = {
  name: 'Móvil 390 px',
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    // Nothing overflows the 390 px screen: the chips and controls wrap.
    const bar = c.getByRole('search', { name: 'Filtros' });
    await expect(bar.scrollWidth).toBeLessThanOrEqual(bar.clientWidth);
    await userEvent.click(c.getByRole('button', { name: 'Limpiar filtros' }));
    await expect(c.queryByRole('list', { name: 'Filtros activos' })).toBeNull();
  },
};

export const DarkTheme: Story = { name: 'Tema oscuro', decorators: [dark] };
