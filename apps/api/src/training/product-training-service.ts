/**
 * A product's training: the webinars and the scientific materials its page lists, and the same links
 * as the back office's product editor shows them. The laboratory links them on each webinar and
 * material; for a kind it linked none of, the product page falls back on those sharing a tag with the
 * product (`sharesTag` from the domain: the catalogue's tag names against the materials' tag names
 * and a webinar's topic).
 */
import type { AdminProductTraining } from '@botica/api-client/admin';
import type { ProductTraining, TrainingSource } from '@botica/api-client/schemas';
import { sharesTag, webinarEnd, webinarPhase } from '@botica/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { CoreContext } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { trainingFileOf } from './library-service.ts';

/** The most webinars, and the most materials, a product's page lists. */
export const PRODUCT_TRAINING_LIMIT = 8;

const idList = (ids: readonly number[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The product's tag names (a 404 for no such product, or one withdrawn from the catalogue), in one statement. */
async function productTagNames(context: CoreContext, productId: number, activeOnly: boolean) {
  // Reads the catalogue's products and tags: whether the product is there, and its tags.
  const [product] = await selectRows<{ names: string[] }>(
    context.db,
    sql`select coalesce((
          select array_agg(t.name) from product_tags pt join tags t on t.id = pt.tag_id where pt.product_id = p.id
        ), '{}') as names
        from products p where p.id = ${productId} ${activeOnly ? sql`and p.is_active` : sql``}`,
  );
  if (!product) throw new HttpError(404, 'El producto no existe.');
  return product.names;
}

interface WebinarRow {
  id: number;
  title: string;
  topic: string;
  starts_at: Date | string;
  duration_minutes: number;
  has_recording: boolean;
}

async function productWebinars(
  context: CoreContext,
  productId: number,
  tagNames: readonly string[],
): Promise<{ source: TrainingSource; rows: WebinarRow[] }> {
  const columns = sql`w.id, w.title, w.topic, w.starts_at, w.duration_minutes, w.recording_url is not null as has_recording`;
  const linked = await selectRows<WebinarRow>(
    context.db,
    sql`select ${columns} from webinar_products wp join webinars w on w.id = wp.webinar_id
        where wp.product_id = ${productId}`,
  );
  if (linked.length > 0 || tagNames.length === 0) return { source: 'linked', rows: linked };
  const all = await selectRows<WebinarRow>(context.db, sql`select ${columns} from webinars w`);
  return { source: 'tags', rows: all.filter((row) => sharesTag(tagNames, [row.topic])) };
}

interface MaterialRow {
  id: number;
  title: string;
  description: string;
  published_at: Date | string;
  file_name: string;
  content_type: string;
  size: number;
  /** Its tags by name, read with it. */
  tags: { id: number; name: string; slug: string }[];
}

async function productMaterials(
  context: CoreContext,
  productId: number,
  tagNames: readonly string[],
): Promise<{ source: TrainingSource; rows: MaterialRow[] }> {
  const columns = sql`m.id, m.title, m.description, m.published_at, f.name as file_name, f.content_type, f.size,
    coalesce((
      select json_agg(json_build_object('id', t.id, 'name', t.name, 'slug', t.slug) order by t.name, t.id)
      from material_tag_links l join material_tags t on t.id = l.tag_id where l.material_id = m.id
    ), '[]'::json) as tags`;
  // A material without its PDF yet is not in the portal, linked or not.
  const linked = await selectRows<MaterialRow & { has_file: boolean }>(
    context.db,
    sql`select ${columns}, f.id is not null as has_file
        from material_products mp join materials m on m.id = mp.material_id
          left join training_files f on f.id = m.file_id
        where mp.product_id = ${productId}
        order by m.published_at desc, m.id desc`,
  );
  if (linked.length > 0 || tagNames.length === 0) {
    return { source: 'linked', rows: linked.filter((row) => row.has_file) };
  }
  const tagged = await selectRows<{ material_id: number; name: string }>(
    context.db,
    sql`select l.material_id, t.name from material_tag_links l join material_tags t on t.id = l.tag_id`,
  );
  const matching = [
    ...new Set(tagged.filter((row) => sharesTag(tagNames, [row.name])).map((row) => row.material_id)),
  ];
  if (matching.length === 0) return { source: 'tags', rows: [] };
  const rows = await selectRows<MaterialRow>(
    context.db,
    sql`select ${columns} from materials m join training_files f on f.id = m.file_id
        where m.id in (${idList(matching)}) order by m.published_at desc, m.id desc
        limit ${PRODUCT_TRAINING_LIMIT}`,
  );
  return { source: 'tags', rows };
}

/**
 * The training a product's page lists, for a pharmacist: the webinars not ended yet (soonest first),
 * then the ended ones with a recording (latest first), and the materials with their PDF (newest first),
 * each list at most `PRODUCT_TRAINING_LIMIT` long.
 */
export async function productTrainingFor(context: CoreContext, productId: number): Promise<ProductTraining> {
  const tagNames = await productTagNames(context, productId, true);
  const [webinars, materials] = await Promise.all([
    productWebinars(context, productId, tagNames),
    productMaterials(context, productId, tagNames),
  ]);
  const now = context.now();
  const shown = webinars.rows
    .map((row) => {
      const startsAt = new Date(row.starts_at);
      return { row, startsAt, phase: webinarPhase(startsAt, row.duration_minutes, now) };
    })
    .filter(({ row, phase }) => phase !== 'ended' || row.has_recording);
  const upcoming = shown
    .filter(({ phase }) => phase !== 'ended')
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.row.id - b.row.id);
  const recorded = shown
    .filter(({ phase }) => phase === 'ended')
    .sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime() || b.row.id - a.row.id);
  return {
    webinars: [...upcoming, ...recorded].slice(0, PRODUCT_TRAINING_LIMIT).map(({ row, startsAt, phase }) => ({
      id: row.id,
      title: row.title,
      topic: row.topic,
      starts_at: startsAt.toISOString(),
      ends_at: webinarEnd(startsAt, row.duration_minutes).toISOString(),
      duration_minutes: row.duration_minutes,
      phase,
      has_recording: row.has_recording,
    })),
    webinars_source: webinars.source,
    materials: materials.rows.slice(0, PRODUCT_TRAINING_LIMIT).map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      published_at: new Date(row.published_at).toISOString(),
      tags: row.tags,
      file: trainingFileOf(context, row.id, row),
    })),
    materials_source: materials.source,
  };
}

/** The webinars and materials linked to a product (any product, withdrawn too), newest first. */
export async function adminProductTraining(
  context: CoreContext,
  productId: number,
): Promise<AdminProductTraining> {
  await productTagNames(context, productId, false);
  const [webinars, materials] = await Promise.all([
    selectRows<{ id: number; title: string; starts_at: Date | string; duration_minutes: number }>(
      context.db,
      sql`select w.id, w.title, w.starts_at, w.duration_minutes from webinar_products wp join webinars w on w.id = wp.webinar_id
          where wp.product_id = ${productId} order by w.starts_at desc, w.id desc`,
    ),
    selectRows<{ id: number; title: string; published_at: Date | string; has_file: boolean }>(
      context.db,
      sql`select m.id, m.title, m.published_at, m.file_id is not null as has_file
          from material_products mp join materials m on m.id = mp.material_id
          where mp.product_id = ${productId} order by m.published_at desc, m.id desc`,
    ),
  ]);
  const now = context.now();
  return {
    webinars: webinars.map((row) => {
      const startsAt = new Date(row.starts_at);
      return {
        id: row.id,
        title: row.title,
        starts_at: startsAt.toISOString(),
        phase: webinarPhase(startsAt, row.duration_minutes, now),
      };
    }),
    materials: materials.map((row) => ({
      id: row.id,
      title: row.title,
      published_at: new Date(row.published_at).toISOString(),
      has_file: row.has_file,
    })),
  };
}
