import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/button.tsx';
import { WithheldButton } from './withheld-button.tsx';

const reason =
  'No puedes aprobar para el cliente una versión que escribiste tú: debe revisarla otra persona del equipo';

function Harness({ onClick }: { onClick?: () => void }) {
  return (
    <div className="flex flex-wrap items-start gap-2 p-4">
      <WithheldButton size="sm" reason={reason} onClick={onClick}>
        Aprobar para cliente
      </WithheldButton>
      <Button size="sm" variant="outline">
        Solicitar cambios internos
      </Button>
    </div>
  );
}

const meta = {
  title: 'Primitives/WithheldButton',
  component: Harness,
  args: { onClick: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'Un botón de una acción que no se puede hacer ahora, con el motivo dicho: se puede enfocar, no hace nada, lee el motivo como su descripción, lo muestra en un tooltip al pasar el ratón o con el foco y, en un teléfono, como texto debajo.',
      },
    },
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

export const SaysWhy: Story = {
  name: 'Dice por qué',
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Aprobar para cliente' });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveAccessibleDescription(reason);
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await expect(await body().findByRole('tooltip')).toHaveTextContent(/otra persona del equipo/);
    await userEvent.keyboard('{Enter}');
    await expect(args.onClick).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('tooltip')).toBeNull());
    // A press does nothing either.
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Mobile390: Story = {
  name: 'Teléfono (390 px): el motivo como texto',
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    const text = within(canvasElement).getByText(reason, { selector: 'span' });
    // Seen without hovering, where the viewport is a phone's; the button still names it.
    if (window.innerWidth < 640) await expect(text).toBeVisible();
    await expect(
      within(canvasElement).getByRole('button', { name: 'Aprobar para cliente' }),
    ).toHaveAccessibleDescription(reason);
  },
};
