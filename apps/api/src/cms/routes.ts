/**
 * The news (Noticias, spec §2, §6, §7): `GET /api/v1/cms/posts` and `/cms/posts/{id}`, public, and
 * each post's picture. A post's body is structured content checked against `RichTextSchema` on its
 * way out, like every answer: a body the schema does not describe never leaves the server.
 */
import { PostResponseSchema, PostsQuerySchema, PostsResponseSchema } from '@botica/api-client/schemas';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { sendSvg } from '../http/send-svg.ts';
import { output, parse, pathId } from '../http/validation.ts';
import { postImageSvg } from './post-image.ts';

const DEFAULT_PER_PAGE = 9;

interface PostRow {
  id: number;
  title: string;
  excerpt: string;
  category: string;
  author: string;
  body: unknown;
  image_alt: string;
  published_at: Date | string;
}

/** Published and not dated in the future (by the server's clock, which tests move). */
const visible = (now: Date) => sql`p.is_published and p.published_at <= ${now.toISOString()}`;

function summary(row: PostRow, publicUrl: string) {
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    category: row.category,
    published_at: new Date(row.published_at).toISOString(),
    image: { url: `${publicUrl}/api/v1/cms/posts/${row.id}/image`, alt: row.image_alt },
  };
}

export function registerCmsRoutes(app: FastifyInstance, context: AppContext): void {
  app.get('/api/v1/cms/posts', async (request) => {
    const query = parse(PostsQuerySchema, request.query);
    const page = query.page ?? 1;
    const perPage = query.per_page ?? DEFAULT_PER_PAGE;
    const [rows, [count]] = await Promise.all([
      selectRows<PostRow>(
        context.db,
        sql`select p.id, p.title, p.excerpt, p.category, p.author, null as body, p.image_alt, p.published_at
            from posts p where ${visible(context.now())} order by p.published_at desc, p.id desc
            limit ${perPage} offset ${(page - 1) * perPage}`,
      ),
      selectRows<{ total: number | string }>(
        context.db,
        sql`select count(*) as total from posts p where ${visible(context.now())}`,
      ),
    ]);
    const total = Number(count?.total ?? 0);
    return output(PostsResponseSchema, {
      data: rows.map((row) => summary(row, context.settings.publicUrl)),
      meta: {
        current_page: page,
        last_page: Math.max(1, Math.ceil(total / perPage)),
        per_page: perPage,
        total,
      },
    });
  });

  app.get('/api/v1/cms/posts/:id', async (request) => {
    const id = pathId((request.params as { id: string }).id);
    const [row] = await selectRows<PostRow>(
      context.db,
      sql`select p.id, p.title, p.excerpt, p.category, p.author, p.body, p.image_alt, p.published_at
          from posts p where p.id = ${id} and ${visible(context.now())}`,
    );
    if (!row) throw new HttpError(404, 'La noticia no existe.');
    return output(PostResponseSchema, {
      data: { ...summary(row, context.settings.publicUrl), author: row.author, body: row.body as never },
    });
  });

  app.get('/api/v1/cms/posts/:id/image', async (request, reply) => {
    const id = pathId((request.params as { id: string }).id);
    const [row] = await selectRows<{ image_motif: string; image_hue: number }>(
      context.db,
      sql`select p.image_motif, p.image_hue from posts p where p.id = ${id} and ${visible(context.now())}`,
    );
    if (!row) throw new HttpError(404, 'La imagen no existe.');
    return sendSvg(request, reply, postImageSvg(row.image_motif, row.image_hue));
  });
}
