import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge } from '../badge/badge.tsx';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from './table.tsx';

const meta = {
  title: 'Primitives/Table',
  component: Table,
  parameters: {
    docs: {
      description: {
        component:
          'Tabla sencilla con título, cabecera y filas, para listas cortas que no necesitan orden ni selección.',
      },
    },
  },
} satisfies Meta<typeof Table>;
export default meta;

export const Items: StoryObj<typeof meta> = {
  name: 'Piezas',
  render: () => (
    <Table>
      <TableCaption>Piezas del ciclo</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Pieza</TableHead>
          <TableHead>Formato</TableHead>
          <TableHead>Estado</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        <TableRow>
          <TableCell>Reel de lanzamiento</TableCell>
          <TableCell>Reel</TableCell>
          <TableCell>
            <Badge>En revisión del cliente</Badge>
          </TableCell>
        </TableRow>
        <TableRow>
          <TableCell>Carrusel de recetas</TableCell>
          <TableCell>Carrusel</TableCell>
          <TableCell>
            <Badge variant="secondary">Borrador</Badge>
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  ),
};
