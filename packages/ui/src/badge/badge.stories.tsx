import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { CheckIcon } from 'lucide-react';
import { expect, within } from 'storybook/test';
import type { Tone } from '../lib/tone.ts';
import { Badge } from './badge.tsx';

const dark: Decorator = (Story) => (
  <div className="dark rounded-xl bg-background p-4 text-foreground">
    <Story />
  </div>
);

const tones = [
  ['default', 'Principal'],
  ['secondary', 'Secundario'],
  ['outline', 'Contorno'],
  ['success', 'Aprobado'],
  ['warning', 'Pendiente'],
  ['info', 'En revisión'],
  ['destructive', 'Rechazado'],
] as const;

function Tones() {
  return (
    <div className="flex flex-wrap items-center gap-2">
      {tones.map(([variant, label]) => (
        <Badge key={variant} variant={variant}>
          {label}
        </Badge>
      ))}
    </div>
  );
}

const meta = {
  title: 'Primitives/Badge',
  component: Tones,
  parameters: {
    docs: {
      description: {
        component:
          'Insignia con tonos: una etiqueta breve de estado o de categoría. Los estados del dominio (el estado de una pieza) se construyen en la app con estos tonos.',
      },
    },
  },
} satisfies Meta<typeof Tones>;
export default meta;
type Story = StoryObj<typeof meta>;

const background = (el: Element) => getComputedStyle(el).backgroundColor;

export const AllTones: Story = {
  name: 'Todos los tonos',
  play: async ({ canvasElement }) => {
    const badges = canvasElement.querySelectorAll('[data-slot="badge"]');
    await expect(badges).toHaveLength(tones.length);
    // Each tone is its own colour (the outline one is transparent); none collapses into another.
    await expect(new Set([...badges].map(background)).size).toBe(tones.length);
    await expect(within(canvasElement).getByText('Rechazado')).toBeVisible();
  },
};

/** The shared vocabulary (`Tone`), as a feature's status map gives it: one word per tone. */
const vocabulary: ReadonlyArray<readonly [Tone, string]> = [
  ['default', 'En revisión del cliente'],
  ['info', 'En revisión interna'],
  ['success', 'Aprobada'],
  ['warning', 'Cambios internos'],
  ['error', 'Cambios del cliente'],
  ['muted', 'Borrador'],
];

export const VocabularyTones: Story = {
  name: 'Tonos del vocabulario (tone)',
  render: () => (
    <div className="flex flex-wrap items-center gap-2">
      {vocabulary.map(([tone, label]) => (
        <Badge key={tone} tone={tone} data-tone={tone}>
          {label}
        </Badge>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const badges = [...canvasElement.querySelectorAll<HTMLElement>('[data-slot="badge"]')];
    await expect(badges).toHaveLength(vocabulary.length);
    // Each tone of the vocabulary is its own colour.
    await expect(new Set(badges.map(background)).size).toBe(vocabulary.length);
    // `tone` draws the variant of the same meaning: «error» is the destructive badge.
    const error = badges.find((b) => b.dataset.tone === 'error')!;
    await expect(within(canvasElement).getByText('Cambios del cliente')).toBeVisible();
    await expect(error.className).toMatch(/bg-red-100/);
  },
};

export const WithIcon: Story = {
  name: 'Con icono',
  render: () => (
    <Badge variant="success">
      <CheckIcon className="size-3" aria-hidden="true" />
      Publicado
    </Badge>
  ),
  play: async ({ canvasElement }) => {
    const badge = within(canvasElement).getByText('Publicado');
    // The icon is decoration: the accessible text is the word only.
    await expect(badge).toHaveTextContent(/^Publicado$/);
    await expect(badge.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  },
};

export const LongText: Story = {
  name: 'Texto largo',
  render: () => (
    <div className="flex flex-col items-start gap-2">
      <Badge variant="info">Corto</Badge>
      <Badge variant="info">Cambios solicitados por el cliente tras la segunda ronda de revisión</Badge>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const [short, long] = canvasElement.querySelectorAll('[data-slot="badge"]');
    // A badge never wraps onto a second line: the long one is as tall as the short one.
    await expect(long.getBoundingClientRect().height).toBe(short.getBoundingClientRect().height);
    await expect(long.getBoundingClientRect().width).toBeGreaterThan(short.getBoundingClientRect().width * 4);
  },
};

export const DarkTheme: Story = {
  name: 'Tema oscuro',
  decorators: [dark],
  play: async ({ canvasElement }) => {
    const success = within(canvasElement).getByText('Aprobado');
    const theme = success.closest('.dark') as HTMLElement;
    const inDark = background(success);
    // Dark tones are their own, not the light ones on a dark page.
    theme.classList.remove('dark');
    const inLight = background(success);
    theme.classList.add('dark');
    await expect(inDark).not.toBe(inLight);
  },
};
