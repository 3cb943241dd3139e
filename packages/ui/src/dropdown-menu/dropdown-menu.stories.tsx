import type { Meta, StoryObj } from '@storybook/react-vite';
import { ArchiveIcon, CopyIcon, MoreHorizontalIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button, IconButton } from '../button/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './dropdown-menu.tsx';

function Harness({
  disabled = false,
  longText = false,
  theme,
  onSelect,
}: {
  disabled?: boolean;
  longText?: boolean;
  /** The menu is portalled to <body>: a dark page passes its theme on (the app sets it on <html>). */
  theme?: 'dark';
  onSelect?: (action: string) => void;
}) {
  return (
    <div className="flex min-h-72 items-start gap-4">
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild disabled={disabled}>
          {longText ? (
            <Button variant="outline">Acciones de la pieza</Button>
          ) : (
            <IconButton label="Más acciones" variant="outline">
              <MoreHorizontalIcon />
            </IconButton>
          )}
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className={theme}>
          <DropdownMenuItem onSelect={() => onSelect?.('edit')}>
            <PencilIcon className="size-4" aria-hidden="true" />
            {longText ? 'Editar el texto, las imágenes y la fecha de publicación' : 'Editar'}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onSelect?.('duplicate')}>
            <CopyIcon className="size-4" aria-hidden="true" />
            Duplicar
          </DropdownMenuItem>
          <DropdownMenuItem disabled>
            <ArchiveIcon className="size-4" aria-hidden="true" />
            {longText ? 'Archivar (solo cuando la pieza esté publicada)' : 'Archivar'}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem className="text-destructive" onSelect={() => onSelect?.('delete')}>
            <Trash2Icon className="size-4" aria-hidden="true" />
            Eliminar
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

const meta = {
  title: 'Primitives/DropdownMenu',
  component: Harness,
  args: { onSelect: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'Menú desplegable (Radix): se abre con clic, Intro, Espacio o flecha abajo; las flechas recorren las opciones y saltan las desactivadas; Escape lo cierra y devuelve el foco.',
      },
    },
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** Opens the menu with a click (never open on load: /design renders every story on one page). */
async function openMenu(canvasElement: HTMLElement) {
  await userEvent.click(
    within(canvasElement).getByRole('button', { name: /Más acciones|Acciones de la pieza/ }),
  );
  return body().findByRole('menu');
}

export const KeyboardOpens: Story = {
  name: 'Se abre con el teclado',
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Más acciones' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await body().findByRole('menu');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Editar' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(menu).getByRole('menuitem', { name: 'Duplicar' })).toHaveFocus();
    // The disabled «Archivar» is skipped.
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(menu).getByRole('menuitem', { name: 'Eliminar' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).toHaveBeenCalledWith('delete');
    await waitFor(() => expect(body().queryByRole('menu')).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

export const EscapeCloses: Story = {
  name: 'Escape lo cierra',
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Más acciones' });
    await userEvent.click(trigger);
    await body().findByRole('menu');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('menu')).toBeNull());
    await expect(trigger).toHaveFocus();
    await expect(args.onSelect).not.toHaveBeenCalled();
  },
};

export const Open: Story = {
  name: 'Abierto',
  play: async ({ canvasElement }) => {
    const menu = await openMenu(canvasElement);
    await expect(within(menu).getAllByRole('menuitem')).toHaveLength(4);
    await expect(within(menu).getByRole('menuitem', { name: 'Archivar' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(within(menu).getByRole('separator')).toBeInTheDocument();
  },
};

export const Disabled: Story = {
  name: 'Desactivado',
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Más acciones' });
    await expect(trigger).toBeDisabled();
    await userEvent.click(trigger, { pointerEventsCheck: 0 });
    await expect(body().queryByRole('menu')).toBeNull();
  },
};

export const LongText: Story = {
  name: 'Texto largo',
  args: { longText: true },
  play: async ({ canvasElement }) => {
    const menu = await openMenu(canvasElement);
    const rect = menu.getBoundingClientRect();
    // The menu grows to fit its longest option and stays on screen.
    await expect(rect.right).toBeLessThanOrEqual(window.innerWidth);
    const item = within(menu).getByRole('menuitem', { name: /fecha de publicación/ });
    await expect(item.scrollWidth).toBeLessThanOrEqual(item.clientWidth);
  },
};

export const DarkTheme: Story = {
  name: 'Tema oscuro',
  args: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    const menu = await openMenu(canvasElement);
    await expect(menu).toHaveClass('dark');
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(menu).getAllByRole('menuitem')[0]).toHaveAttribute('data-highlighted');
  },
};
