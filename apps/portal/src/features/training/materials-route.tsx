/**
 * /formacion/materiales (logged in): the scientific documents, filtered by tags. The selected tags
 * live in the URL (`?tags=1,4`) and travel to the API as bracket arrays (`tags[]=1&tags[]=4`); each
 * tag narrows the list. Every document downloads as its PDF.
 */
import type { MaterialsResponse, MaterialTagsResponse } from '@botica/api-client/schemas';
import { queryClientOf, useDocumentTitle } from '@botica/app-shell';
import { formatCount, formatLongDate } from '@botica/domain';
import { Button, EmptyState, Pagination } from '@botica/ui';
import { type LoaderFunctionArgs, useLoaderData, useNavigate, useNavigation } from 'react-router';
import { analytics } from '../analytics/analytics-instance.ts';
import { materialsQuery, materialTagsQuery } from './queries.ts';
import { fileLabel, pageParam, parseTagFilter, tagFilterSearch } from './training-format.ts';

interface MaterialsData {
  selected: number[];
  tags: MaterialTagsResponse['data'];
  materials: MaterialsResponse;
}

export async function loader({ context, request }: LoaderFunctionArgs): Promise<MaterialsData> {
  const search = new URL(request.url).searchParams;
  const selected = parseTagFilter(search);
  const queryClient = await queryClientOf(context);
  const [tags, materials] = await Promise.all([
    queryClient.fetchQuery(materialTagsQuery()),
    queryClient.fetchQuery(materialsQuery({ tags: selected, page: pageParam(search) })),
  ]);
  return { selected, tags: tags.data, materials };
}

export function Component() {
  const { selected, tags, materials } = useLoaderData() as MaterialsData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  useDocumentTitle('Material Científico');
  const toggle = (id: number) => {
    const next = selected.includes(id) ? selected.filter((tag) => tag !== id) : [...selected, id];
    void navigate({ search: tagFilterSearch(next) }, { preventScrollReset: true });
  };
  const total = materials.meta.total;

  return (
    <div className="training">
      <header className="training__intro">
        <h1 className="training__title">Material científico</h1>
        <p className="training__lead">
          Monografías, guías de consejo y revisiones de la evidencia para el equipo de la farmacia.
        </p>
      </header>
      <section className="material-filter" aria-labelledby="material-filter-title">
        <h2 id="material-filter-title" className="material-filter__title">
          Filtrar por tema
        </h2>
        <ul className="material-filter__tags">
          {tags.map((tag) => (
            <li key={tag.id}>
              <button
                type="button"
                className="tag-chip"
                aria-pressed={selected.includes(tag.id)}
                onClick={() => toggle(tag.id)}
              >
                {tag.name} <span className="tag-chip__count">({tag.material_count})</span>
              </button>
            </li>
          ))}
        </ul>
        {selected.length > 0 ? (
          <Button
            variant="ghost"
            size="sm"
            onPress={() => void navigate({ search: '' }, { preventScrollReset: true })}
          >
            Quitar filtros
          </Button>
        ) : null}
      </section>
      <p className="material-count" role="status" aria-busy={navigation.state === 'loading'}>
        {total === 1 ? '1 documento' : `${formatCount(total)} documentos`}
      </p>
      {materials.data.length === 0 ? (
        <EmptyState
          title="No hay documentos con estos temas"
          description="Prueba a quitar alguno de los temas seleccionados."
        />
      ) : (
        <ul className="material-list">
          {materials.data.map((material) => (
            <li key={material.id} className="material-item material-item--full">
              <div className="material-item__text">
                <h2 className="material-item__title">{material.title}</h2>
                <p className="material-item__description">{material.description}</p>
                <p className="material-item__meta">
                  <time dateTime={material.published_at}>{formatLongDate(material.published_at)}</time>
                  {material.tags.length > 0 ? ` · ${material.tags.map((tag) => tag.name).join(', ')}` : ''}
                </p>
              </div>
              <a
                className="material-item__button"
                href={material.file.url}
                download={material.file.name}
                onClick={() => analytics.track({ event: 'file_download', file_name: material.file.name })}
              >
                Descargar <span className="bt-visually-hidden">{material.title}</span>
                <span className="material-item__file">{fileLabel(material.file)}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={materials.meta.current_page}
        pageCount={materials.meta.last_page}
        onPageChange={(page) => void navigate({ search: tagFilterSearch(selected, page) })}
        aria-label="Páginas del material"
      />
    </div>
  );
}
