import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Pagination } from './pagination.tsx';

const meta = {
  title: 'Primitives/Pagination',
  component: Pagination,
  args: { page: 1, limit: 10, total: 35, onPageChange: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'Paginación: anterior, página actual de un total y siguiente, para las listas que la API entrega por páginas.',
      },
    },
  },
} satisfies Meta<typeof Pagination>;
export default meta;

export const FirstPage: StoryObj<typeof meta> = {
  name: 'Primera página',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await expect(c.getByText('Página 1 / 4')).toBeInTheDocument();
    await userEvent.click(c.getByRole('button', { name: 'Siguiente' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(2);
  },
};
export const LastPage: StoryObj<typeof meta> = { name: 'Última página', args: { page: 4 } };

/** The API counted up to its cap: the total is a lower bound, and «Siguiente» stays while pages come full. */
export const TotalIsALowerBound: StoryObj<typeof meta> = {
  name: 'Total mínimo',
  args: { page: 40, limit: 25, total: 1000, atLeast: true, more: true },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Página 40 / 40 o más')).toBeInTheDocument();
    await userEvent.click(c.getByRole('button', { name: 'Siguiente' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(41);
  },
};

/** Past the cap, a page that came short is the last one. */
export const LowerBoundLastPage: StoryObj<typeof meta> = {
  name: 'Total mínimo: última página',
  args: { page: 41, limit: 25, total: 1007, atLeast: true, more: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Página 41 / 41 o más')).toBeInTheDocument();
    await expect(c.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  },
};
