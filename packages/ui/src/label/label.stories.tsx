import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Checkbox } from '../checkbox/checkbox.tsx';
import { Input } from '../input/input.tsx';
import { Label } from './label.tsx';

const dark: Decorator = (Story) => (
  <div className="dark rounded-xl bg-background p-4 text-foreground">
    <Story />
  </div>
);

const meta = {
  title: 'Primitives/Label',
  component: Label,
  args: { children: 'Nombre del portafolio', htmlFor: 'label-story-name' },
  render: (args) => (
    <div className="flex max-w-sm flex-col gap-2">
      <Label {...args} />
      <Input id="label-story-name" />
    </div>
  ),
  parameters: {
    docs: {
      description: {
        component:
          'Etiqueta de un control de formulario: su nombre visible, enlazado con `htmlFor`. Un clic en ella lleva el foco al control.',
      },
    },
  },
} satisfies Meta<typeof Label>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithInput: Story = {
  name: 'Con campo de texto',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const input = c.getByLabelText('Nombre del portafolio');
    // A click on the label focuses its control.
    await userEvent.click(c.getByText('Nombre del portafolio'));
    await expect(input).toHaveFocus();
    await userEvent.keyboard('Campaña de otoño');
    await expect(input).toHaveValue('Campaña de otoño');
  },
};

export const WithCheckbox: Story = {
  name: 'Con casilla',
  render: () => (
    <div className="flex items-center gap-2">
      <Checkbox id="label-story-notify" />
      <Label htmlFor="label-story-notify">Avisarme por correo</Label>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByText('Avisarme por correo'));
    await expect(c.getByRole('checkbox', { name: 'Avisarme por correo' })).toBeChecked();
  },
};

export const LongText: Story = {
  name: 'Texto largo',
  args: {
    children:
      'Dirección de correo a la que enviaremos el resumen semanal de las piezas pendientes de revisión del cliente',
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByLabelText(/Dirección de correo a la que enviaremos/),
    ).toBeInTheDocument();
  },
};

export const DarkTheme: Story = {
  name: 'Tema oscuro',
  decorators: [dark],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Nombre del portafolio')).toBeVisible();
  },
};
