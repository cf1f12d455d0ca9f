/** The news pages: the list, a new post and one post's editor (the staff read, the admins write). */
import type { BackofficeRoute } from '../auth/routes.ts';

export const newsRoutes: readonly BackofficeRoute[] = [
  {
    path: 'news',
    module: 'src/features/news/news-list-route.tsx',
    guard: 'staff',
    data: (api) => [{ endpoint: api.news.list }],
    view: 'Noticias',
  },
  {
    path: 'news/new',
    module: 'src/features/news/post-editor-route.tsx',
    guard: 'admin',
    view: 'Nueva noticia',
  },
  {
    path: 'news/:id',
    module: 'src/features/news/post-editor-route.tsx',
    guard: 'staff',
    data: (api) => [{ endpoint: api.news.get }],
    view: 'Editar noticia',
  },
];
