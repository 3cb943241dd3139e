import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../button/button.tsx';
import { Skeleton } from '../skeleton/skeleton.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card.tsx';

const dark: Decorator = (Story) => (
  <div className="dark rounded-xl bg-background p-4 text-foreground">
    <Story />
  </div>
);

function Example({
  title = 'Café de origen',
  description = 'Campaña de primavera · 12 piezas',
  body = 'Próxima publicación: lunes, 17 de marzo.',
  onOpen,
}: {
  title?: string;
  description?: string;
  body?: string;
  onOpen?: () => void;
}) {
  return (
    <Card className="max-w-sm">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <p className="text-sm">{body}</p>
      </CardContent>
      <CardFooter className="justify-end gap-2">
        <Button variant="outline" size="sm">
          Archivar
        </Button>
        <Button size="sm" onClick={onOpen}>
          Abrir
        </Button>
      </CardFooter>
    </Card>
  );
}

const meta = {
  title: 'Primitives/Card',
  component: Example,
  args: { onOpen: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'Tarjeta: un contenedor con cabecera, título, descripción, contenido y pie. Las tarjetas del dominio (la de un portafolio) se componen con ella.',
      },
    },
  },
} satisfies Meta<typeof Example>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  name: 'Por defecto',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 3, name: 'Café de origen' })).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Abrir' }));
    await expect(args.onOpen).toHaveBeenCalledOnce();
    // The footer's actions are reachable with the keyboard, in reading order.
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.tab();
    await expect(c.getByRole('button', { name: 'Archivar' })).toHaveFocus();
  },
};

export const Loading: Story = {
  name: 'Cargando',
  render: () => (
    <Card className="max-w-sm" aria-busy="true">
      <CardHeader>
        <span role="status" className="sr-only">
          Cargando...
        </span>
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
      </CardHeader>
      <CardContent className="space-y-2">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
      </CardContent>
    </Card>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('status')).toHaveTextContent('Cargando...');
    await expect(canvasElement.querySelector('[data-slot="card"]')).toHaveAttribute('aria-busy', 'true');
    await expect(canvasElement.querySelectorAll('[data-slot="skeleton"]')).toHaveLength(4);
  },
};

export const Empty: Story = {
  name: 'Vacía',
  render: () => (
    <Card className="max-w-sm">
      <CardHeader>
        <CardTitle>Próximas publicaciones</CardTitle>
        <CardDescription>No hay nada programado esta semana.</CardDescription>
      </CardHeader>
    </Card>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('No hay nada programado esta semana.')).toBeVisible();
    await expect(c.queryByRole('button')).toBeNull();
  },
};

export const WithError: Story = {
  name: 'Con error',
  render: () => (
    <Card className="max-w-sm border-destructive">
      <CardHeader>
        <CardTitle>Métricas de la campaña</CardTitle>
      </CardHeader>
      <CardContent>
        <p role="alert" className="text-sm text-destructive">
          No se pudieron cargar las métricas.
        </p>
      </CardContent>
      <CardFooter>
        <Button variant="outline" size="sm">
          Reintentar
        </Button>
      </CardFooter>
    </Card>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('alert')).toHaveTextContent('No se pudieron cargar las métricas.');
    await expect(c.getByRole('button', { name: 'Reintentar' })).toBeEnabled();
  },
};

export const LongText: Story = {
  name: 'Texto largo',
  args: {
    title: 'Campaña de lanzamiento de la nueva línea de cafés de especialidad de comercio justo',
    description:
      'Portafolio compartido con el equipo de comunicación, la agencia externa y la responsable de calidad del tostadero',
    body: 'Desarrollo de contenidos para redes sociales durante el segundo trimestre, con entrevistas a productores, recetas de temporada y una guía de métodos de filtrado.',
  },
  play: async ({ canvasElement }) => {
    const card = canvasElement.querySelector('[data-slot="card"]') as HTMLElement;
    // Long words wrap inside the card: nothing spills sideways.
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
    const title = within(canvasElement).getByRole('heading', { level: 3 });
    await expect(title.getBoundingClientRect().height).toBeGreaterThan(20);
  },
};

export const DarkTheme: Story = {
  name: 'Tema oscuro',
  decorators: [dark],
  play: async ({ canvasElement }) => {
    const card = canvasElement.querySelector('[data-slot="card"]') as HTMLElement;
    const inDark = getComputedStyle(card).backgroundColor;
    const theme = card.closest('.dark') as HTMLElement;
    theme.classList.remove('dark');
    const inLight = getComputedStyle(card).backgroundColor;
    theme.classList.add('dark');
    await expect(inDark).not.toBe(inLight);
  },
};
