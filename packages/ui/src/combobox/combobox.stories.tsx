import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Field } from '../input/input.tsx';
import { Combobox, type ComboboxOption, matchesOption } from './combobox.tsx';

const dark: Decorator = (Story) => (
  <div className="dark rounded-xl bg-background p-4 text-foreground">
    <Story />
  </div>
);

const people: ComboboxOption[] = [
  { value: 'u1', label: 'Laura Gómez', description: 'laura@estudio.es' },
  { value: 'u2', label: 'Íñigo Martínez', description: 'inigo@estudio.es' },
  { value: 'u3', label: 'Sofía Ramírez', description: 'sofia@estudio.es' },
  { value: 'u4', label: 'Andrés Peña', description: 'andres@estudio.es' },
  { value: 'u5', label: 'Marta Ibáñez (de vacaciones)', description: 'marta@estudio.es', disabled: true },
  { value: 'u6', label: 'Carlos Núñez', description: 'carlos@estudio.es' },
];

function Single({
  initial = null,
  onValueChange,
  ...props
}: {
  initial?: string | null;
  onValueChange?: (v: string | null) => void;
  disabled?: boolean;
  options?: ComboboxOption[];
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <div className="max-w-sm space-y-2">
      <Field label="Responsable">
        {(p) => (
          <Combobox
            {...p}
            options={people}
            value={value}
            onValueChange={(v) => {
              setValue(v);
              onValueChange?.(v);
            }}
            {...props}
          />
        )}
      </Field>
      <output className="block text-sm text-muted-foreground" data-testid="value">
        {value ?? 'ninguno'}
      </output>
    </div>
  );
}

const meta = {
  title: 'Planificación/Combobox',
  component: Single,
  args: { onValueChange: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'Selector con búsqueda: se escribe para filtrar las opciones y se elige con el teclado o el ratón. Admite uno o varios valores y la búsqueda en el servidor.',
      },
    },
  },
} satisfies Meta<typeof Single>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

export const TypeToFilterAndChooseWithTheKeyboard: Story = {
  name: 'Filtrar escribiendo y elegir con el teclado',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const input = c.getByRole('combobox', { name: 'Responsable' });
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(input);
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    // Accent- and case-insensitive: "gomez" finds "Gómez"; "inigo" finds "Íñigo" by its e-mail too.
    await userEvent.type(input, 'gomez');
    const listbox = await body().findByRole('listbox');
    await expect(within(listbox).getAllByRole('option')).toHaveLength(1);
    await expect(input).toHaveAttribute(
      'aria-activedescendant',
      within(listbox).getByRole('option', { name: /Laura Gómez/ }).id,
    );
    await userEvent.keyboard('{Enter}');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('u1');
    await expect(input).toHaveValue('Laura Gómez');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    // Arrows open and move, skipping the disabled option; Escape closes without choosing.
    await userEvent.keyboard('{ArrowDown}');
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    const active = () => document.getElementById(input.getAttribute('aria-activedescendant') ?? '');
    await expect(active()).toHaveTextContent('Laura Gómez');
    await expect(active()).toHaveAttribute('aria-selected', 'true');
    for (let i = 0; i < 4; i++) await userEvent.keyboard('{ArrowDown}');
    await expect(active()).toHaveTextContent('Carlos Núñez');
    await userEvent.keyboard('{ArrowUp}');
    await expect(active()).toHaveTextContent('Andrés Peña');
    await userEvent.keyboard('{Escape}');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(c.getByTestId('value')).toHaveTextContent('u1');
    await expect(body().queryByRole('listbox')).toBeNull();
  },
};

export const ChooseWithTheMouseAndClear: Story = {
  name: 'Elegir con el ratón y borrar',
  args: { initial: 'u3' },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const input = c.getByRole('combobox', { name: 'Responsable' });
    await expect(input).toHaveValue('Sofía Ramírez');
    await userEvent.click(c.getByRole('button', { name: 'Mostrar opciones' }));
    const listbox = await body().findByRole('listbox');
    await expect(within(listbox).getByRole('option', { name: /Sofía Ramírez/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // A disabled option cannot be chosen.
    await userEvent.click(within(listbox).getByRole('option', { name: /Marta Ibáñez/ }));
    await expect(args.onValueChange).not.toHaveBeenCalled();
    await userEvent.click(within(listbox).getByRole('option', { name: /Andrés Peña/ }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith('u4');
    await expect(input).toHaveValue('Andrés Peña');
    await expect(input).toHaveFocus();
    await userEvent.click(c.getByRole('button', { name: 'Borrar selección' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith(null);
    await expect(input).toHaveValue('');
    await expect(c.queryByRole('button', { name: 'Borrar selección' })).toBeNull();
  },
};

export const NoResults: Story = {
  name: 'Sin resultados',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByRole('combobox', { name: 'Responsable' }), 'zzz');
    await expect(await body().findByText('Sin resultados')).toBeVisible();
    await userEvent.keyboard('{Enter}');
    await expect(c.getByTestId('value')).toHaveTextContent('ninguno');
    // Leaving the field forgets the search.
    await userEvent.tab();
    await expect(c.getByRole('combobox', { name: 'Responsable' })).toHaveValue('');
  },
};

export const Disabled: Story = {
  name: 'Desactivado',
  args: { initial: 'u2', disabled: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const input = c.getByRole('combobox', { name: 'Responsable' });
    await expect(input).toBeDisabled();
    await expect(input).toHaveValue('Íñigo Martínez');
    await expect(c.queryByRole('button', { name: 'Borrar selección' })).toBeNull();
  },
};

const longOptions: ComboboxOption[] = [
  {
    value: 'a',
    label: 'Educación sobre el origen y la trazabilidad del café de especialidad',
    description: 'Pilar de contenido con muchas piezas en producción durante la campaña de otoño',
  },
  { value: 'b', label: 'Comunidad y baristas invitados', description: 'Entrevistas, recetas y eventos' },
  { value: 'c', label: 'Promociones estacionales' },
];

export const LongSpanishText: Story = {
  name: 'Texto largo',
  args: { options: longOptions, initial: 'a' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('combobox', { name: 'Responsable' }));
    const listbox = await body().findByRole('listbox');
    await expect(within(listbox).getAllByRole('option')).toHaveLength(3);
    // The popover is exactly as wide as the field and long labels wrap inside it.
    const content = listbox.closest('[data-slot="combobox-content"]') as HTMLElement;
    await expect(content.scrollWidth).toBeLessThanOrEqual(content.clientWidth + 2);
  },
};

function Multiple({ onValueChange }: { onValueChange?: (v: string[]) => void }) {
  const [value, setValue] = useState<string[]>(['u2']);
  return (
    <div className="max-w-md">
      <Combobox
        multiple
        aria-label="Responsables"
        options={people}
        value={value}
        onValueChange={(v) => {
          setValue(v);
          onValueChange?.(v);
        }}
      />
    </div>
  );
}

export const MultipleWithChips: StoryObj<typeof Multiple> = {
  name: 'Varios valores con fichas',
  render: (args) => <Multiple {...args} />,
  args: { onValueChange: fn() },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const input = c.getByRole('combobox', { name: 'Responsables' });
    await userEvent.type(input, 'so');
    const listbox = await body().findByRole('listbox');
    await expect(listbox).toHaveAttribute('aria-multiselectable', 'true');
    await userEvent.keyboard('{Enter}');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(['u2', 'u3']);
    // The list stays open, the search is cleared, another choice adds to the chips.
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await expect(input).toHaveValue('');
    await userEvent.click(within(listbox).getByRole('option', { name: /Laura Gómez/ }));
    await expect(c.getByRole('button', { name: 'Quitar Laura Gómez' })).toBeVisible();
    // Choosing a chosen one again removes it.
    await userEvent.click(within(listbox).getByRole('option', { name: /Íñigo Martínez/ }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith(['u3', 'u1']);
    await userEvent.keyboard('{Escape}');
    // Backspace on the empty field removes the last chip.
    await userEvent.keyboard('{Backspace}');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(['u3']);
    await userEvent.click(c.getByRole('button', { name: 'Quitar Sofía Ramírez' }));
    await expect(args.onValueChange).toHaveBeenLastCalledWith([]);
  },
};

/** A server search: options arrive 300 ms after the text changes, `filter={false}`. */
function Remote({ onSearchChange }: { onSearchChange?: (q: string) => void }) {
  const [value, setValue] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<ComboboxOption[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    setLoading(true);
    const timer = setTimeout(() => {
      setOptions(people.filter((o) => matchesOption(o, search)));
      setLoading(false);
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);
  return (
    <div className="max-w-sm">
      <Combobox
        aria-label="Buscar persona"
        options={options}
        filter={false}
        loading={loading}
        value={value}
        onValueChange={setValue}
        onSearchChange={(q) => {
          setSearch(q);
          onSearchChange?.(q);
        }}
      />
    </div>
  );
}

export const AsyncSearch: StoryObj<typeof Remote> = {
  name: 'Búsqueda en el servidor',
  render: (args) => <Remote {...args} />,
  args: { onSearchChange: fn() },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const input = c.getByRole('combobox', { name: 'Buscar persona' });
    await userEvent.type(input, 'car');
    await expect(args.onSearchChange).toHaveBeenLastCalledWith('car');
    await expect(await body().findByRole('status')).toHaveTextContent('Cargando...');
    const option = await body().findByRole('option', { name: /Carlos Núñez/ });
    await waitFor(() => expect(body().queryByText('Cargando...')).toBeNull());
    await userEvent.click(option);
    await expect(input).toHaveValue('Carlos Núñez');
    // Closing after a search resets the remote search.
    await expect(args.onSearchChange).toHaveBeenLastCalledWith('');
  },
};

export const DarkTheme: Story = {
  name: 'Tema oscuro',
  decorators: [dark],
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('combobox', { name: 'Responsable' }));
    const listbox = await body().findByRole('listbox');
    // The popover (in a portal) follows the theme of the field it belongs to.
    await expect(listbox.closest('[data-slot="combobox-content"]')).toHaveClass('dark');
  },
};

export const Mobile390: Story = {
  name: 'Móvil 390 px',
  globals: { viewport: { value: 'mobile' } },
  args: { initial: 'u1' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('combobox', { name: 'Responsable' }));
    const listbox = await body().findByRole('listbox');
    const rect = listbox.getBoundingClientRect();
    await expect(rect.right).toBeLessThanOrEqual(390);
    await userEvent.click(within(listbox).getByRole('option', { name: /Sofía Ramírez/ }));
    await expect(c.getByTestId('value')).toHaveTextContent('u3');
  },
};
