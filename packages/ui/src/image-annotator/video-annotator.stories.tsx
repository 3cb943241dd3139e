import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import clip from './fixtures/clip.webm?url';
import { formatVideoTime, VideoAnnotator, type VideoPin, type VideoPoint } from './video-annotator.tsx';

/** A four-second test pattern (320×180, VP8). */
function Harness() {
  const [pins, setPins] = useState<VideoPin[]>([{ id: 'a', x: 0.3, y: 0.4, t: 3, label: 'Logo más grande' }]);
  const [draft, setDraft] = useState<VideoPoint | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <div className="max-w-lg space-y-2">
      <VideoAnnotator
        src={clip}
        alt="reel.webm"
        pins={pins}
        draft={draft}
        onPlace={setDraft}
        onMoveDraft={setDraft}
        highlighted={selected}
        onSelectPin={setSelected}
      />
      <output data-testid="draft">
        {draft ? `${draft.x.toFixed(2)},${draft.y.toFixed(2)}@${draft.t}` : 'ninguna'}
      </output>
      <button
        type="button"
        onClick={() => {
          if (!draft) return;
          setPins((p) => [...p, { id: String(p.length), ...draft, label: 'Nueva' }]);
          setDraft(null);
        }}
      >
        Guardar marca
      </button>
    </div>
  );
}

const meta = {
  title: 'Primitives/VideoAnnotator',
  component: Harness,
  parameters: {
    docs: {
      description: {
        component:
          'Anotador de vídeo: marcas sobre la imagen en un momento exacto del vídeo, que aparecen cuando la reproducción llega a ese momento.',
      },
    },
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

const ready = async (video: HTMLVideoElement) =>
  waitFor(() => expect(video.readyState).toBeGreaterThanOrEqual(1), { timeout: 5000 });

export const PinsShowAtTheirMoment: Story = {
  name: 'Las marcas aparecen en su momento',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const video = canvasElement.querySelector('video')!;
    await expect(video).toHaveAccessibleName('reel.webm');
    await ready(video);
    // At 0:00 the pin at 0:03 is not on the frame; its entry in the list takes the video there.
    await expect(c.queryByRole('button', { name: 'Marca 1: Logo más grande' })).toBeNull();
    await userEvent.click(c.getByRole('button', { name: 'Marca 1 · 0:03' }));
    await expect(await c.findByRole('button', { name: 'Marca 1: Logo más grande' })).toBeVisible();
    await expect(video.paused).toBe(true);
    await expect(video.currentTime).toBeCloseTo(3, 1);
  },
};

export const PlaceAPinAtTheCurrentMoment: Story = {
  name: 'Marcar en el momento actual',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const video = canvasElement.querySelector('video')!;
    await ready(video);
    video.currentTime = 1.5;
    await waitFor(() => expect(c.getByRole('button', { name: 'Marcar un punto en 0:01' })).toBeVisible());
    await userEvent.click(c.getByRole('button', { name: 'Marcar un punto en 0:01' }));
    const frame = c.getByRole('button', { name: 'reel.webm en 0:01: pulsa para marcar un punto' });
    await expect(frame).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(c.getByTestId('draft')).toHaveTextContent('0.50,0.50@1.5');
    frame.focus();
    await userEvent.keyboard('{ArrowRight}{Shift>}{ArrowUp}{/Shift}');
    await expect(c.getByTestId('draft')).toHaveTextContent('0.51,0.40@1.5');
    await userEvent.click(c.getByRole('button', { name: 'Guardar marca' }));
    // Saved: the frame is free again and the new pin is in the list, at its moment.
    await expect(c.queryByRole('button', { name: /pulsa para marcar un punto/ })).toBeNull();
    await expect(c.getByRole('button', { name: 'Marca 2 · 0:01' })).toBeVisible();
  },
};

export const CancelPlacing: Story = {
  name: 'Cancelar una marca',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Marcar un punto en 0:00' }));
    await expect(c.getByRole('button', { name: /pulsa para marcar un punto/ })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(c.queryByRole('button', { name: /pulsa para marcar un punto/ })).toBeNull();
    await expect(c.getByTestId('draft')).toHaveTextContent('ninguna');
  },
};

export const TimeFormat: Story = {
  name: 'Formato del tiempo',
  play: async () => {
    await expect(formatVideoTime(0)).toBe('0:00');
    await expect(formatVideoTime(75.4)).toBe('1:15');
    await expect(formatVideoTime(3725)).toBe('1:02:05');
  },
};
