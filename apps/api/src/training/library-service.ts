/**
 * The training library: the scientific materials with their tag filter, the
 * newsletters, and the files both download (training_files). Shared with the webinars
 * (src/training/webinar-service.ts): the page metadata and a webinar's materials.
 */
import { fillPath, training } from '@botica/api-client/endpoints';
import type {
  MaterialsResponse,
  MaterialTagsResponse,
  NewslettersResponse,
  TrainingFile,
  Webinar,
} from '@botica/api-client/schemas';
import { sql } from 'drizzle-orm';
import type { CoreContext } from '../context.ts';
import { selectRows } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { pageMeta } from '../http/page-meta.ts';

/** The page size of the training's lists when the query names none. */
export const DEFAULT_PER_PAGE = 12;

/** The address a file downloads from: its endpoint's path under the API's public URL. */
function fileUrl(publicUrl: string, kind: 'materials' | 'newsletters', id: number): string {
  const endpoint = kind === 'materials' ? training.materialFile : training.newsletterFile;
  return `${publicUrl}/${fillPath(endpoint.path, { id })}`;
}

interface FileColumns {
  file_name: string;
  content_type: string;
  size: number;
}

function trainingFile(
  publicUrl: string,
  kind: 'materials' | 'newsletters',
  id: number,
  row: FileColumns,
): TrainingFile {
  return {
    name: row.file_name,
    content_type: row.content_type,
    size: Number(row.size),
    url: fileUrl(publicUrl, kind, id),
  };
}

/** A material's PDF as the portal offers it (its download address under the API's public URL). */
export function trainingFileOf(context: CoreContext, materialId: number, row: FileColumns): TrainingFile {
  return trainingFile(context.settings.publicUrl, 'materials', materialId, row);
}

/** The materials of some webinars, by webinar. */
export async function webinarMaterials(
  context: CoreContext,
  ids: readonly number[],
): Promise<Map<number, Webinar['materials']>> {
  const materials = new Map<number, Webinar['materials']>();
  if (ids.length === 0) return materials;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const materialRows = await selectRows<{ webinar_id: number; id: number; title: string } & FileColumns>(
    context.db,
    sql`select m.webinar_id, m.id, m.title, f.name as file_name, f.content_type, f.size
        from materials m join training_files f on f.id = m.file_id
        where m.webinar_id in (${list}) order by m.published_at, m.id`,
  );
  for (const row of materialRows) {
    const items = materials.get(row.webinar_id) ?? [];
    items.push({
      id: row.id,
      title: row.title,
      file: trainingFile(context.settings.publicUrl, 'materials', row.id, row),
    });
    materials.set(row.webinar_id, items);
  }
  return materials;
}

/** The material filter's tags, by name, each with how many materials it has. */
export async function materialTagList(context: CoreContext): Promise<MaterialTagsResponse['data']> {
  const rows = await selectRows<{
    id: number;
    name: string;
    slug: string;
    material_count: number | string;
  }>(
    context.db,
    // A material without its PDF yet is not in the portal: it counts for no tag.
    sql`select t.id, t.name, t.slug, count(m.id) as material_count
        from material_tags t left join material_tag_links l on l.tag_id = t.id
          left join materials m on m.id = l.material_id and m.file_id is not null
        group by t.id order by t.name, t.id`,
  );
  return rows.map((row) => ({ ...row, material_count: Number(row.material_count) }));
}

/** One page of the materials, the newest first; every tag named narrows the list. */
export async function listMaterials(
  context: CoreContext,
  {
    page = 1,
    perPage = DEFAULT_PER_PAGE,
    tags: named = [],
  }: { page?: number; perPage?: number; tags?: readonly number[] },
): Promise<MaterialsResponse> {
  const tags = [...new Set(named)];
  // Every tag named: each narrows the list.
  const where =
    tags.length === 0
      ? sql`true`
      : sql.join(
          tags.map(
            (tag) =>
              sql`exists (select 1 from material_tag_links l where l.material_id = m.id and l.tag_id = ${tag})`,
          ),
          sql` and `,
        );
  const [rows, [count]] = await Promise.all([
    selectRows<
      {
        id: number;
        title: string;
        description: string;
        published_at: Date | string;
        webinar_id: number | null;
        webinar_title: string | null;
      } & FileColumns
    >(
      context.db,
      sql`select m.id, m.title, m.description, m.published_at, m.webinar_id, w.title as webinar_title,
            f.name as file_name, f.content_type, f.size
          from materials m join training_files f on f.id = m.file_id left join webinars w on w.id = m.webinar_id
          where ${where} order by m.published_at desc, m.id desc
          limit ${perPage} offset ${(page - 1) * perPage}`,
    ),
    selectRows<{ total: number | string }>(
      context.db,
      sql`select count(*) as total from materials m where m.file_id is not null and ${where}`,
    ),
  ]);
  const tagRows =
    rows.length === 0
      ? []
      : await selectRows<{ material_id: number; id: number; name: string; slug: string }>(
          context.db,
          sql`select l.material_id, t.id, t.name, t.slug from material_tag_links l join material_tags t on t.id = l.tag_id
              where l.material_id in (${sql.join(
                rows.map((row) => sql`${row.id}`),
                sql`, `,
              )}) order by t.name, t.id`,
        );
  return {
    data: rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      published_at: new Date(row.published_at).toISOString(),
      tags: tagRows
        .filter((tag) => tag.material_id === row.id)
        .map(({ id, name, slug }) => ({ id, name, slug })),
      file: trainingFile(context.settings.publicUrl, 'materials', row.id, row),
      webinar: row.webinar_id === null ? null : { id: row.webinar_id, title: row.webinar_title ?? '' },
    })),
    meta: pageMeta(page, perPage, Number(count?.total ?? 0)),
  };
}

/** One page of the newsletter archive, the newest first. */
export async function listNewsletters(
  context: CoreContext,
  { page = 1, perPage = DEFAULT_PER_PAGE }: { page?: number; perPage?: number },
): Promise<NewslettersResponse> {
  const [rows, [count]] = await Promise.all([
    selectRows<{ id: number; title: string; summary: string; published_at: Date | string } & FileColumns>(
      context.db,
      sql`select n.id, n.title, n.summary, n.published_at, f.name as file_name, f.content_type, f.size
          from newsletters n join training_files f on f.id = n.file_id
          order by n.published_at desc, n.id desc limit ${perPage} offset ${(page - 1) * perPage}`,
    ),
    selectRows<{ total: number | string }>(
      context.db,
      sql`select count(*) as total from newsletters where file_id is not null`,
    ),
  ]);
  return {
    data: rows.map((row) => ({
      id: row.id,
      title: row.title,
      summary: row.summary,
      published_at: new Date(row.published_at).toISOString(),
      file: trainingFile(context.settings.publicUrl, 'newsletters', row.id, row),
    })),
    meta: pageMeta(page, perPage, Number(count?.total ?? 0)),
  };
}

/** A stored file of the training area: the name a download suggests, its type and its bytes. */
export interface StoredFile {
  name: string;
  contentType: string;
  bytes: Buffer;
}

async function storedFile(context: CoreContext, fileId: number): Promise<StoredFile> {
  const [file] = await selectRows<{ name: string; content_type: string; size: number; content: Uint8Array }>(
    context.db,
    sql`select name, content_type, size, content from training_files where id = ${fileId}`,
  );
  if (!file) throw new HttpError(404, 'El documento no existe.');
  return { name: file.name, contentType: file.content_type, bytes: Buffer.from(file.content) };
}

/** The file of a material (a 404 when there is no such material). */
export async function materialFile(context: CoreContext, id: number): Promise<StoredFile> {
  const [row] = await selectRows<{ file_id: number | null }>(
    context.db,
    sql`select file_id from materials where id = ${id}`,
  );
  if (!row || row.file_id === null) throw new HttpError(404, 'El documento no existe.');
  return storedFile(context, row.file_id);
}

/** The file of a newsletter (a 404 when there is no such issue). */
export async function newsletterFile(context: CoreContext, id: number): Promise<StoredFile> {
  const [row] = await selectRows<{ file_id: number | null }>(
    context.db,
    sql`select file_id from newsletters where id = ${id}`,
  );
  if (!row || row.file_id === null) throw new HttpError(404, 'El boletín no existe.');
  return storedFile(context, row.file_id);
}
