import type { Preview } from '@storybook/react-vite';
import { action } from 'storybook/actions';
import { BoticaProvider } from '../src/provider/botica-provider.tsx';
import '../src/styles.css';

// Links in stories never leave the story: client navigation goes to the Actions panel.
const navigate = action('navigate');

const preview: Preview = {
  beforeEach() {
    // react-aria announces pending buttons by reference to their id; a story that unmounts one
    // leaves that reference behind for a few seconds, and axe would flag it in the next story.
    for (const node of document.querySelectorAll('[role="log"][aria-live] > [role="img"]')) node.remove();
  },
  decorators: [
    (Story) => (
      <BoticaProvider navigate={navigate} toastQueue={null}>
        <Story />
      </BoticaProvider>
    ),
  ],
  parameters: {
    layout: 'padded',
    controls: { expanded: true, matchers: { color: /(background|color)$/i } },
    // Axe runs on every story; a violation fails the story's test (and CI).
    a11y: { test: 'error' },
    backgrounds: {
      options: {
        canvas: { name: 'Canvas', value: '#faf8f4' },
        surface: { name: 'Surface', value: '#ffffff' },
      },
    },
    viewport: {
      options: {
        narrow: { name: 'Móvil 320 (400 %)', styles: { width: '320px', height: '640px' } },
        phone: { name: 'Móvil 360', styles: { width: '360px', height: '740px' } },
        tablet: { name: 'Tableta 768', styles: { width: '768px', height: '1024px' } },
        desktop: { name: 'Escritorio 1280', styles: { width: '1280px', height: '800px' } },
      },
    },
    options: {
      storySort: {
        order: [
          'Fundamentos',
          'Patrones',
          'Acciones',
          'Formularios',
          'Catálogo',
          'Pedido',
          'Búsqueda',
          'Diálogos',
          'Navegación',
          'Estados',
          'Datos',
        ],
      },
    },
  },
  initialGlobals: { backgrounds: { value: 'canvas' } },
};

export default preview;
