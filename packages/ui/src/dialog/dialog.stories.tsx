import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button.tsx';
import { Field } from '../input/input.tsx';
import { Textarea } from '../textarea/textarea.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './dialog.tsx';

function Harness({
  title = 'Solicitar cambios',
  description = 'El equipo recibirá tu comentario y la pieza volverá a «Cambios solicitados».',
  paragraphs = 0,
  saving = false,
  error,
  theme,
  onSubmit,
}: {
  title?: string;
  description?: string;
  /** Extra paragraphs of body text, to make the content taller than the screen. */
  paragraphs?: number;
  saving?: boolean;
  error?: string;
  /** The content is portalled to <body>: a dark page passes its theme on (the app sets it on <html>). */
  theme?: 'dark';
  onSubmit?: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">Solicitar cambios</Button>
      </DialogTrigger>
      <DialogContent className={theme} aria-busy={saving || undefined}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {Array.from({ length: paragraphs }, (_, i) => i + 1).map((n) => (
          <p key={n} className="text-sm">
            Apartado {n}. Revisa el titular, el encuadre de la imagen principal, la legibilidad del texto
            sobre el fondo y que la llamada a la acción coincida con la campaña aprobada por el cliente.
          </p>
        ))}
        <Field label="Comentario" error={error}>
          {(p) => <Textarea {...p} disabled={saving} defaultValue="El logotipo queda tapado." />}
        </Field>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={saving}>
              Cancelar
            </Button>
          </DialogClose>
          <Button disabled={saving} onClick={onSubmit}>
            {saving ? 'Enviando...' : 'Enviar'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const meta = {
  title: 'Primitives/Dialog',
  component: Harness,
  args: { onSubmit: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'Diálogo modal (Radix): atrapa el foco, se cierra con Escape, con «Cerrar» o con «Cancelar», y devuelve el foco al botón que lo abrió.',
      },
    },
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** Opens the dialog as a user would (never open on load: /design renders every story on one page). */
async function openDialog(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Solicitar cambios' }));
  return body().findByRole('dialog');
}

export const OpensAndEscapeCloses: Story = {
  name: 'Se abre y Escape lo cierra',
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Solicitar cambios' });
    await userEvent.click(trigger);
    const dialog = await body().findByRole('dialog', { name: 'Solicitar cambios' });
    await expect(dialog).toHaveAccessibleDescription(/volverá a «Cambios solicitados»/);
    // Focus moves into the dialog and stays there.
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    // …and goes back to the button that opened it.
    await expect(trigger).toHaveFocus();
  },
};

export const CloseButtonAndKeyboard: Story = {
  name: 'Botón Cerrar y teclado',
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Solicitar cambios' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await body().findByRole('dialog');
    // Tab cycles inside the dialog: from the last control it wraps to the first.
    const close = within(dialog).getByRole('button', { name: 'Cerrar' });
    close.focus();
    await userEvent.tab();
    await expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.click(close);
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

export const Open: Story = {
  name: 'Abierto',
  play: async ({ canvasElement, args }) => {
    const dialog = await openDialog(canvasElement);
    await expect(dialog).toHaveAccessibleName('Solicitar cambios');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
  },
};

export const Saving: Story = {
  name: 'Enviando (desactivado)',
  args: { saving: true },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await expect(dialog).toHaveAttribute('aria-busy', 'true');
    await expect(within(dialog).getByRole('button', { name: 'Enviando...' })).toBeDisabled();
    await expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    await expect(within(dialog).getByRole('textbox', { name: 'Comentario' })).toBeDisabled();
  },
};

export const WithError: Story = {
  name: 'Con error',
  args: { error: 'No se pudo enviar el comentario. Inténtalo de nuevo.' },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    const box = within(dialog).getByRole('textbox', { name: 'Comentario' });
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toHaveAccessibleDescription('No se pudo enviar el comentario. Inténtalo de nuevo.');
  },
};

export const LongText: Story = {
  name: 'Texto largo',
  args: {
    title: 'Solicitar cambios en «Entrevista extensa con la responsable de calidad del tostadero»',
    paragraphs: 12,
  },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    const rect = dialog.getBoundingClientRect();
    // Taller than the screen: the dialog stays inside it and scrolls.
    await expect(rect.top).toBeGreaterThanOrEqual(0);
    await expect(rect.bottom).toBeLessThanOrEqual(window.innerHeight);
    await expect(dialog.scrollHeight).toBeGreaterThan(dialog.clientHeight);
    // The close button does not sit on top of the long title.
    const title = within(dialog).getByRole('heading').getBoundingClientRect();
    const close = within(dialog).getByRole('button', { name: 'Cerrar' }).getBoundingClientRect();
    await expect(title.right).toBeLessThanOrEqual(close.left);
  },
};

export const DarkTheme: Story = {
  name: 'Tema oscuro',
  args: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    const dialog = await openDialog(canvasElement);
    await expect(dialog).toHaveClass('dark');
    // Its own dark surface and text, not the light page's.
    const inDark = getComputedStyle(dialog).backgroundColor;
    dialog.classList.remove('dark');
    const inLight = getComputedStyle(dialog).backgroundColor;
    dialog.classList.add('dark');
    await expect(inDark).not.toBe(inLight);
  },
};

/** A dialog opened by state (a menu item, a row's button), with no Radix trigger. */
function OpenedByState() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Nuevo ciclo
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Nuevo ciclo</DialogTitle>
            <DialogDescription>Elige las fechas del ciclo.</DialogDescription>
          </DialogHeader>
        </DialogContent>
      </Dialog>
    </>
  );
}

export const FocusBackWithoutTrigger: Story = {
  name: 'Abierto sin disparador: el foco vuelve al botón',
  render: () => <OpenedByState />,
  play: async ({ canvasElement }) => {
    const opener = within(canvasElement).getByRole('button', { name: 'Nuevo ciclo' });
    await userEvent.click(opener);
    await body().findByRole('dialog', { name: 'Nuevo ciclo' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await expect(opener).toHaveFocus();
  },
};
