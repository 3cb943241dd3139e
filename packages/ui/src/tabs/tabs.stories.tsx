import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs.tsx';

const meta = {
  title: 'Primitives/Tabs',
  component: Tabs,
  parameters: {
    docs: {
      description: {
        component: 'Pestañas: cambian entre paneles de contenido con el ratón o con las flechas del teclado.',
      },
    },
  },
} satisfies Meta<typeof Tabs>;
export default meta;

export const KeyboardArrows: StoryObj<typeof meta> = {
  name: 'Flechas del teclado',
  render: () => (
    <Tabs defaultValue="board">
      <TabsList aria-label="Vista">
        <TabsTrigger value="board">Tablero</TabsTrigger>
        <TabsTrigger value="table">Tabla</TabsTrigger>
      </TabsList>
      <TabsContent value="board">Piezas por estado</TabsContent>
      <TabsContent value="table">Piezas en tabla</TabsContent>
    </Tabs>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    c.getByRole('tab', { name: 'Tablero' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(c.getByRole('tab', { name: 'Tabla' })).toHaveAttribute('aria-selected', 'true');
    await expect(c.getByRole('tabpanel')).toHaveTextContent('Piezas en tabla');
  },
};
