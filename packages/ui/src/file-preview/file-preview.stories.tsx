import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { FilePreview } from './file-preview.tsx';

/** Files made here, so the stories need no network. */
function png(): string {
  const canvas = document.createElement('canvas');
  canvas.width = 480;
  canvas.height = 300;
  const ctx = canvas.getContext('2d');
  if (!ctx) return '';
  ctx.fillStyle = '#eef2ff';
  ctx.fillRect(0, 0, 480, 300);
  ctx.fillStyle = '#4338ca';
  ctx.fillRect(0, 210, 480, 90);
  ctx.fillStyle = '#f59e0b';
  ctx.beginPath();
  ctx.arc(360, 100, 50, 0, Math.PI * 2);
  ctx.fill();
  return canvas.toDataURL('image/png');
}

/** Half a second of a 440 Hz tone as a WAV file. */
function wav(): string {
  const rate = 8000;
  const samples = rate / 2;
  const view = new DataView(new ArrayBuffer(44 + samples));
  const text = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) view.setUint8(at + i, s.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate, true);
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  text(36, 'data');
  view.setUint32(40, samples, true);
  for (let i = 0; i < samples; i++)
    view.setUint8(44 + i, 128 + Math.round(60 * Math.sin((2 * Math.PI * 440 * i) / rate)));
  return URL.createObjectURL(new Blob([view.buffer], { type: 'audio/wav' }));
}

/** A one-page PDF with a line of text. */
function pdf(): string {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 44 >>\nstream\nBT /F1 18 Tf 40 100 Td (Guion final) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) body += `${String(o).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return URL.createObjectURL(new Blob([body], { type: 'application/pdf' }));
}

const files = {
  image: { name: 'portada-campaña-primavera.png', mimeType: 'image/png', url: png(), size: 48_213 },
  video: {
    name: 'reel-lanzamiento.mp4',
    mimeType: 'video/mp4',
    url: 'data:video/mp4;base64,',
    size: 12_582_912,
  },
  audio: { name: 'cuña-radio.wav', mimeType: 'audio/wav', url: wav(), size: 4_044 },
  pdf: { name: 'guion-final.pdf', mimeType: 'application/pdf', url: pdf(), size: 612 },
  zip: {
    name: 'presupuesto-2025.zip',
    mimeType: 'application/zip',
    url: 'data:application/zip;base64,',
    size: 2_400_000,
  },
} as const;

/** The visible name (the download link repeats it for screen readers). */
const nameSelector = '[data-slot="file-preview-name"]';

const meta = {
  title: 'Revisión/FilePreview',
  component: FilePreview,
  args: files.image,
  decorators: [
    (Story) => (
      <div className="max-w-md">
        <Story />
      </div>
    ),
  ],
  parameters: {
    docs: {
      description: {
        component:
          'Vista previa de un archivo tal como el navegador puede mostrarlo: imagen ampliable, vídeo, audio o PDF. Los demás tipos se muestran con su icono, nombre y tamaño.',
      },
    },
  },
} satisfies Meta<typeof FilePreview>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ImageOpensFullSize: Story = {
  name: 'Imagen que se abre a tamaño completo',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const body = within(document.body);
    const thumb = c.getByRole('img', { name: files.image.name });
    await expect(thumb).toHaveAttribute('src', files.image.url);
    await expect(thumb).toHaveClass('object-contain');
    await expect(c.getByText('48,2 kB')).toBeVisible();
    const link = c.getByRole('link', { name: `Descargar ${files.image.name}` });
    await expect(link).toHaveAttribute('download', files.image.name);
    await expect(link).toHaveAttribute('href', files.image.url);

    await userEvent.click(c.getByRole('button', { name: `Ver ${files.image.name} a tamaño completo` }));
    const dialog = await body.findByRole('dialog', { name: files.image.name });
    // Visible once the dialog has faded in.
    await waitFor(() => expect(within(dialog).getByRole('img', { name: files.image.name })).toBeVisible());
    await expect(within(dialog).getByRole('link', { name: `Descargar ${files.image.name}` })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await expect(c.getByRole('button', { name: `Ver ${files.image.name} a tamaño completo` })).toHaveFocus();
  },
};

export const Video: Story = {
  name: 'Vídeo',
  args: files.video,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const video = canvasElement.querySelector('video');
    await expect(video).not.toBeNull();
    await expect(video).toHaveAttribute('controls');
    await expect(video).toHaveAttribute('preload', 'metadata');
    await expect(video).toHaveAttribute('src', files.video.url);
    await expect(video).toHaveAccessibleName('Vídeo: reel-lanzamiento.mp4');
    await expect(c.getByText('12,6 MB')).toBeVisible();
    await expect(c.queryByRole('img')).toBeNull();
    await expect(c.getByRole('link', { name: 'Descargar reel-lanzamiento.mp4' })).toHaveAttribute('download');
  },
};

export const Audio: Story = {
  name: 'Audio',
  args: files.audio,
  play: async ({ canvasElement }) => {
    const audio = canvasElement.querySelector('audio');
    await expect(audio).not.toBeNull();
    await expect(audio).toHaveAttribute('controls');
    await expect(audio).toHaveAccessibleName('Audio: cuña-radio.wav');
    // The generated file is a real one: the browser reads its length (half a second).
    await waitFor(() => expect(audio?.duration).toBeCloseTo(0.5, 2));
    await expect(canvasElement.querySelector('video')).toBeNull();
  },
};

export const Pdf: Story = {
  name: 'PDF',
  args: files.pdf,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const preview = canvasElement.querySelector('object');
    await expect(preview).not.toBeNull();
    await expect(preview).toHaveAttribute('type', 'application/pdf');
    await expect(preview).toHaveAttribute('data', files.pdf.url);
    await expect(preview).toHaveAttribute('title', 'Vista previa de guion-final.pdf');
    await expect(preview).toHaveAccessibleName('Vista previa de guion-final.pdf');
    await expect(c.getByText('612 B')).toBeVisible();
    await expect(c.getByRole('link', { name: 'Descargar guion-final.pdf' })).toHaveAttribute(
      'download',
      'guion-final.pdf',
    );
  },
};

export const OtherFile: Story = {
  name: 'Otro tipo de archivo',
  args: files.zip,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('presupuesto-2025.zip', { selector: nameSelector })).toBeVisible();
    await expect(c.getByText('2,4 MB')).toBeVisible();
    await expect(canvasElement.querySelector('svg.lucide-file-archive')).not.toBeNull();
    await expect(canvasElement.querySelector('img, video, audio, object, iframe')).toBeNull();
    const link = c.getByRole('link', { name: 'Descargar presupuesto-2025.zip' });
    await expect(link).toHaveTextContent('Descargar');
    await expect(link).toHaveAttribute('download', 'presupuesto-2025.zip');
  },
};

export const WithoutSize: Story = {
  name: 'Sin tamaño',
  args: {
    name: 'notas de la reunión.txt',
    mimeType: 'text/plain',
    url: 'data:text/plain,Hola',
    size: undefined,
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('notas de la reunión.txt', { selector: nameSelector })).toBeVisible();
    await expect(canvasElement.querySelector('svg.lucide-file-text')).not.toBeNull();
    await expect(c.queryByText(/\d\s?(B|kB|MB)$/)).toBeNull();
  },
};

function Gallery() {
  return (
    <div className="grid gap-3">
      {Object.values(files).map((f) => (
        <FilePreview key={f.name} {...f} />
      ))}
      <FilePreview
        name="entrega-final-campaña-primavera-version-definitiva-aprobada-por-cliente.zip"
        mimeType="application/zip"
        url="data:application/zip;base64,"
        size={150_000_000}
      />
    </div>
  );
}

export const Mobile390Gallery: StoryObj<typeof Gallery> = {
  name: 'Galería en móvil 390 px',
  render: () => <Gallery />,
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const figures = canvasElement.querySelectorAll<HTMLElement>('[data-slot="file-preview"]');
    await expect([...figures].map((f) => f.dataset.kind)).toEqual([
      'image',
      'video',
      'audio',
      'pdf',
      'other',
      'other',
    ]);
    // Nothing wider than the phone; the long name is cut with an ellipsis, its download link stays whole.
    for (const figure of figures) {
      await expect(figure.scrollWidth).toBeLessThanOrEqual(figure.clientWidth);
      await expect(figure.getBoundingClientRect().width).toBeLessThanOrEqual(390);
    }
    const long = c.getByText(/^entrega-final/, { selector: nameSelector });
    await expect(long).toHaveClass('truncate');
    await expect(long.scrollWidth).toBeGreaterThan(long.clientWidth);
    await expect(c.getByRole('link', { name: /^Descargar entrega-final/ })).toBeVisible();
    await expect(c.getAllByRole('link', { name: /^Descargar/ })).toHaveLength(6);
  },
};
