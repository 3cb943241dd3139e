import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { BellIcon, Settings2Icon } from 'lucide-react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { IconButton } from '../button/button.tsx';
import { Tooltip, TooltipProvider } from './tooltip.tsx';

const dark: Decorator = (Story) => (
  <div className="dark rounded-xl bg-background p-4 text-foreground">
    <Story />
  </div>
);

function Harness({
  content = 'Notificaciones',
  side = 'right',
  disabled = false,
}: {
  content?: string;
  side?: 'top' | 'right' | 'bottom' | 'left';
  disabled?: boolean;
}) {
  return (
    <TooltipProvider>
      <div className="flex min-h-32 items-center gap-4 px-4">
        <Tooltip content={content} side={side} disabled={disabled}>
          <IconButton label="Notificaciones" variant="outline">
            <BellIcon />
          </IconButton>
        </Tooltip>
        <Tooltip content="Ajustes" side={side} disabled={disabled}>
          <IconButton label="Ajustes" variant="outline">
            <Settings2Icon />
          </IconButton>
        </Tooltip>
      </div>
    </TooltipProvider>
  );
}

const meta = {
  title: 'Primitives/Tooltip',
  component: Harness,
  parameters: {
    docs: {
      description: {
        component:
          'Información sobre herramientas (Radix): nombra un botón de icono al pasar el ratón o al llegar con el teclado, y se cierra con Escape. Desactivada, no aparece (por ejemplo, con el menú lateral expandido).',
      },
    },
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

export const AppearsOnFocus: Story = {
  name: 'Aparece con el foco',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.tab();
    await expect(c.getByRole('button', { name: 'Notificaciones' })).toHaveFocus();
    await expect(await body().findByRole('tooltip')).toHaveTextContent('Notificaciones');
    // Moving on shows the next one, never two at once.
    await userEvent.tab();
    await waitFor(() => expect(body().getByRole('tooltip')).toHaveTextContent('Ajustes'));
    await expect(body().getAllByRole('tooltip')).toHaveLength(1);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('tooltip')).toBeNull());
    await expect(c.getByRole('button', { name: 'Ajustes' })).toHaveFocus();
  },
};

export const AppearsOnHover: Story = {
  name: 'Aparece al pasar el ratón',
  args: { side: 'bottom' },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Ajustes' });
    await userEvent.hover(button);
    await expect(await body().findByRole('tooltip')).toHaveTextContent('Ajustes');
    await expect(button).toHaveAttribute('data-state', 'delayed-open');
    await userEvent.unhover(button);
    await waitFor(() => expect(body().queryByRole('tooltip')).toBeNull());
  },
};

export const Disabled: Story = {
  name: 'Desactivada',
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Notificaciones' });
    button.focus();
    await userEvent.hover(button);
    // Nothing to wait for that could appear: the trigger is not wired to a tooltip at all.
    await expect(button).not.toHaveAttribute('data-state');
    await expect(body().queryByRole('tooltip')).toBeNull();
  },
};

export const LongText: Story = {
  name: 'Texto largo',
  args: {
    side: 'bottom',
    content: 'Notificaciones de todos los portafolios en los que participas, incluidas las archivadas',
  },
  play: async ({ canvasElement }) => {
    within(canvasElement).getByRole('button', { name: 'Notificaciones' }).focus();
    const tip = await body().findByRole('tooltip');
    await expect(tip).toHaveTextContent(/incluidas las archivadas/);
    const box = document.querySelector('[data-radix-popper-content-wrapper]') as HTMLElement;
    await expect(box.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expect(box.getBoundingClientRect().left).toBeGreaterThanOrEqual(0);
  },
};

export const DarkTheme: Story = {
  name: 'Tema oscuro',
  decorators: [dark],
  play: async ({ canvasElement }) => {
    within(canvasElement).getByRole('button', { name: 'Ajustes' }).focus();
    await expect(await body().findByRole('tooltip')).toHaveTextContent('Ajustes');
  },
};

export const NotAfterATap: Story = {
  name: 'No aparece tras tocar',
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Ajustes' });
    // A tap: the finger presses, lifts (and so leaves), then the browser focuses the trigger.
    const touch = { bubbles: true, pointerType: 'touch', isPrimary: true } as const;
    button.dispatchEvent(new PointerEvent('pointerdown', touch));
    button.dispatchEvent(new PointerEvent('pointerup', touch));
    button.dispatchEvent(new PointerEvent('pointerleave', { ...touch, bubbles: false }));
    button.focus();
    await new Promise((r) => setTimeout(r, 300));
    await expect(body().queryByRole('tooltip')).toBeNull();
    // The keyboard still gets it (back to the first button).
    await userEvent.tab({ shift: true });
    await expect(await body().findByRole('tooltip')).toHaveTextContent('Notificaciones');
  },
};
