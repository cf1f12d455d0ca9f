/**
 * 'Vista previa': the post as the portal's article page shows it (category, date and author, the
 * title, the picture, the body through the same `RichText`), before it is published.
 */
import type { RichText as RichTextValue } from '@botica/api-client/schemas';
import { formatLongDate, instantOfMadridWallClock } from '@botica/domain';
import { Dialog, RichText } from '@botica/ui';

export interface PostPreviewProps {
  title: string;
  category: string;
  author: string;
  /** Madrid's wall clock of the publication, `2026-12-01T09:30`. */
  publishedAt: string;
  image: { url: string; alt: string } | null;
  body: RichTextValue;
  onClose: () => void;
}

function longDate(local: string): string {
  const instant = instantOfMadridWallClock(local);
  return instant ? formatLongDate(instant) : '';
}

export function PostPreview({
  title,
  category,
  author,
  publishedAt,
  image,
  body,
  onClose,
}: PostPreviewProps) {
  return (
    <Dialog
      title="Vista previa"
      isOpen
      size="lg"
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      className="bo-news-preview"
    >
      <p className="bo-news__muted">Así la verán las farmacias en el portal, en Formación › Noticias.</p>
      <article className="bo-news-preview__article">
        <header className="bo-news-preview__head">
          <p className="bo-news-preview__meta">
            {category || 'Sin categoría'} · <time>{longDate(publishedAt)}</time> · {author || 'Sin firma'}
          </p>
          <h2 className="bo-news-preview__title">{title || 'Sin título'}</h2>
        </header>
        {image ? (
          <img className="bo-news-preview__image" src={image.url} alt={image.alt} width={1200} height={675} />
        ) : (
          <p className="bo-news-preview__no-image">La imagen se dibuja al guardar el borrador.</p>
        )}
        <RichText value={body} className="bo-news-preview__body" />
      </article>
    </Dialog>
  );
}
