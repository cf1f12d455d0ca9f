/**
 * The product page's training block: the webinars (upcoming first, then recorded ones to watch) and
 * the scientific materials the laboratory linked to the product, or those sharing a tag with it.
 * Each webinar links to its page; each material downloads its PDF. Nothing shows while there is none.
 */
import { productTraining } from '@botica/api-client/endpoints';
import type { ProductTrainingWebinar, ProductTraining as Training } from '@botica/api-client/schemas';
import { endpointQuery } from '@botica/app-shell';
import { formatLongDate, isWebinarLive } from '@botica/domain';
import { Badge, Link } from '@botica/ui';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api.ts';
import { fileLabel, webinarWhen } from '../training/training-format.ts';
import './product-training.css';

/** A product's webinars and materials. */
export const productTrainingQuery = endpointQuery(productTraining.get, api.productTraining.get);

function WebinarState({ webinar }: { webinar: ProductTrainingWebinar }) {
  if (webinar.phase === 'joinable') {
    return isWebinarLive(webinar.starts_at, webinar.duration_minutes, new Date()) ? (
      <Badge tone="success">En directo</Badge>
    ) : (
      <Badge tone="info">Empieza en breve</Badge>
    );
  }
  if (webinar.phase === 'upcoming') return <Badge tone="info">Próximo</Badge>;
  return <Badge tone="neutral">Grabación disponible</Badge>;
}

function TrainingLists({ training }: { training: Training }) {
  return (
    <div className="product-training__lists">
      {training.webinars.length > 0 ? (
        <div>
          <h3 className="product-training__subtitle">Webinars</h3>
          <ul className="product-training__list">
            {training.webinars.map((webinar) => (
              <li key={webinar.id} className="product-training__item">
                <Link href={`/formacion/agenda-webinars/${webinar.id}`} variant="standalone">
                  {webinar.title}
                </Link>
                <span className="product-training__meta">
                  <WebinarState webinar={webinar} /> {webinar.topic} ·{' '}
                  <time dateTime={webinar.starts_at}>{webinarWhen(webinar.starts_at, webinar.ends_at)}</time>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {training.materials.length > 0 ? (
        <div>
          <h3 className="product-training__subtitle">Material científico</h3>
          <ul className="product-training__list">
            {training.materials.map((material) => (
              <li key={material.id} className="product-training__item">
                <a
                  className="bt-link bt-link--standalone"
                  href={material.file.url}
                  download={material.file.name}
                >
                  {material.title}
                </a>
                <span className="product-training__meta">
                  {material.tags.length > 0 ? `${material.tags.map((tag) => tag.name).join(', ')} · ` : ''}
                  <time dateTime={material.published_at}>{formatLongDate(material.published_at)}</time> ·{' '}
                  {fileLabel(material.file)}
                </span>
              </li>
            ))}
          </ul>
          <p className="product-training__more">
            <Link href="/formacion/materiales">Todo el material científico</Link>
          </p>
        </div>
      ) : null}
    </div>
  );
}

/** The block, fetched on its own: the product page shows at once and the block joins when ready. */
export function ProductTraining({ productId }: { productId: number }) {
  const { data } = useQuery(productTrainingQuery(productId));
  const training = data?.data;
  if (!training || (training.webinars.length === 0 && training.materials.length === 0)) return null;
  const isSuggested = training.webinars_source === 'tags' && training.materials_source === 'tags';
  return (
    <section className="product-training" aria-labelledby="product-training-title">
      <h2 id="product-training-title" className="product-training__title">
        Formación sobre este producto
      </h2>
      {isSuggested ? (
        <p className="product-training__lead">Sesiones y documentos sobre los mismos temas.</p>
      ) : null}
      <TrainingLists training={training} />
    </section>
  );
}
