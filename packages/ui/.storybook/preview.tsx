import type { Preview } from '@storybook/react-vite';
import { action } from 'storybook/actions';
import { BoticaProvider } from '../src/provider/botica-provider.tsx';
import '../src/styles.css';
import './preview.css';

// The kit styles only its own classes: the stories' page takes its type and colour as a host would.
document.body.classList.add('bt-theme');

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
        small: { name: 'Escritorio 1024', styles: { width: '1024px', height: '800px' } },
        laptop: { name: 'Escritorio 1100', styles: { width: '1100px', height: '800px' } },
        medium: { name: 'Escritorio 1180', styles: { width: '1180px', height: '800px' } },
        desktop: { name: 'Escritorio 1280', styles: { width: '1280px', height: '800px' } },
        wide: { name: 'Escritorio 1440', styles: { width: '1440px', height: '900px' } },
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
