/**
 * The product editor's training: the webinars and scientific materials that name the product, each
 * linking to its own editor (the links are chosen there, on the webinar's or the material's form).
 */
import { formatDate, formatDateTime } from '@botica/domain';
import { Badge, Link } from '@botica/ui';
import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../../shared/api.ts';

const PHASE = { upcoming: 'Próximo', joinable: 'En curso', ended: 'Celebrado' } as const;

/** The training linked to product `productId`, read on its own (the form does not wait for it). */
export function ProductTrainingLinks({ productId }: { productId: number }) {
  const training = useQuery({
    queryKey: ['admin-product-training', productId],
    queryFn: () => adminApi.productTrainingLinks.get(productId),
  }).data?.data;
  return (
    <section className="bo-catalogue__section" aria-labelledby="product-training-title">
      <h2 id="product-training-title">Formación</h2>
      {training === undefined ? null : training.webinars.length === 0 && training.materials.length === 0 ? (
        <p className="bo-catalogue__muted">
          Ningún webinar ni documento nombra este producto. Se eligen en el formulario de cada webinar o
          documento; sin ninguno, el portal muestra los que comparten etiqueta con el producto.
        </p>
      ) : (
        <>
          <h3>Webinars</h3>
          {training.webinars.length === 0 ? (
            <p className="bo-catalogue__muted">Ninguno.</p>
          ) : (
            <ul>
              {training.webinars.map((webinar) => (
                <li key={webinar.id}>
                  <Link href={`/training/webinars/${webinar.id}`}>{webinar.title}</Link>{' '}
                  <span className="bo-catalogue__muted">· {formatDateTime(webinar.starts_at)}</span>{' '}
                  <Badge tone={webinar.phase === 'ended' ? 'neutral' : 'info'}>{PHASE[webinar.phase]}</Badge>
                </li>
              ))}
            </ul>
          )}
          <h3>Material científico</h3>
          {training.materials.length === 0 ? (
            <p className="bo-catalogue__muted">Ninguno.</p>
          ) : (
            <ul>
              {training.materials.map((material) => (
                <li key={material.id}>
                  <Link href={`/training/materials/${material.id}`}>{material.title}</Link>{' '}
                  <span className="bo-catalogue__muted">· {formatDate(material.published_at)}</span>
                  {material.has_file ? null : (
                    <>
                      {' '}
                      <Badge tone="warning">Sin PDF</Badge>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
