/**
 * The training area: the webinars (with their signups and preview), the scientific materials and the
 * newsletters with their PDFs. The staff read them; the admins add, change and delete.
 */
import type { BackofficeRoute } from '../auth/routes.ts';

/** The webinars' list, below /backoffice. */
export const WEBINARS_PATH = '/training/webinars';

export const trainingRoutes: readonly BackofficeRoute[] = [
  {
    path: 'training/webinars',
    module: 'src/features/training/webinars-route.tsx',
    guard: 'staff',
    data: (api) => [{ endpoint: api.webinars.list }],
    view: 'Webinars',
  },
  {
    path: 'training/webinars/new',
    module: 'src/features/training/webinar-route.tsx',
    guard: 'admin',
    view: 'Nuevo webinar',
  },
  {
    path: 'training/webinars/:id',
    module: 'src/features/training/webinar-route.tsx',
    guard: 'staff',
    data: (api) => [{ endpoint: api.webinars.get }, { endpoint: api.webinars.signups }],
    view: 'Ficha de webinar',
  },
  {
    path: 'training/materials',
    module: 'src/features/training/library-route.tsx',
    guard: 'staff',
    data: (api) => [{ endpoint: api.materials.list }],
    view: 'Material científico',
  },
  {
    path: 'training/materials/new',
    module: 'src/features/training/library-item-route.tsx',
    guard: 'admin',
    view: 'Nuevo material',
  },
  {
    path: 'training/materials/:id',
    module: 'src/features/training/library-item-route.tsx',
    guard: 'staff',
    data: (api) => [{ endpoint: api.materials.get }],
    view: 'Ficha de material',
  },
  {
    path: 'training/newsletters',
    module: 'src/features/training/library-route.tsx',
    guard: 'staff',
    data: (api) => [{ endpoint: api.newsletters.list }],
    view: 'Boletines',
  },
  {
    path: 'training/newsletters/new',
    module: 'src/features/training/library-item-route.tsx',
    guard: 'admin',
    view: 'Nuevo boletín',
  },
  {
    path: 'training/newsletters/:id',
    module: 'src/features/training/library-item-route.tsx',
    guard: 'staff',
    data: (api) => [{ endpoint: api.newsletters.get }],
    view: 'Ficha de boletín',
  },
];
