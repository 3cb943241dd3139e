import '../packages/ui/src/styles.css';
import type { Preview } from '@storybook/react-vite';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
    // Every story is checked with axe; a violation fails its test.
    a11y: { test: 'error' },
    viewport: {
      options: {
        mobile: { name: 'Móvil 390 px', styles: { width: '390px', height: '844px' } },
        desktop: { name: 'Escritorio 1280 px', styles: { width: '1280px', height: '800px' } },
      },
    },
  },
  decorators: [
    (Story) => {
      document.documentElement.lang = 'es';
      return <Story />;
    },
  ],
  tags: ['autodocs'],
};

export default preview;
