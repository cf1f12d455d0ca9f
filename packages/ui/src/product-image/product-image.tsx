import { useState } from 'react';
import { cx } from '../internal/class-names.ts';
import type { ProductImageSet } from '../types.ts';

/** The laboratory's default product image: a leaf on a soft green ground (inline SVG, no request). */
export const DEFAULT_PRODUCT_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><rect width="120" height="120" fill="#eef4ef"/><rect x="44" y="34" width="32" height="56" rx="8" fill="#ffffff" stroke="#9dbba9" stroke-width="3"/><rect x="50" y="26" width="20" height="10" rx="3" fill="#9dbba9"/><path d="M52 72c0-12 6-20 17-21-1 12-7 18-17 21Z" fill="#5f8f74"/><path d="M52 72c3-6 7-10 12-13" stroke="#eef4ef" stroke-width="2" fill="none" stroke-linecap="round"/></svg>',
)}`;

export interface ProductImageProps {
  /** The product's image URLs, as the API sends them; may be missing. */
  image?: ProductImageSet | null | undefined;
  /**
   * Which size to show: `thumbnail` (lists, toasts, mini cart), `miniproduct` (cards, search
   * results) or `full` (product page).
   * @default 'miniproduct'
   */
  size?: keyof ProductImageSet;
  /** The alternative text: the product's name, or `''` when the name is already next to it. */
  alt: string;
  /**
   * `eager` for images likely in the first viewport (the product page's photo, the first cards),
   * so the browser does not wait for layout to fetch them.
   * @default 'lazy'
   */
  loading?: 'lazy' | 'eager';
  /** The fetch priority: `high` for the page's main image; the browser decides when unset. */
  fetchPriority?: 'high' | 'low' | undefined;
  /** Extra class names. */
  className?: string;
}

/**
 * A product's image in a square frame. When the URL of the requested size is missing, or fails to
 * load, the default product image stands in.
 */
export function ProductImage({
  image,
  size = 'miniproduct',
  alt,
  loading = 'lazy',
  fetchPriority,
  className,
}: ProductImageProps) {
  const url = image?.[size] || null;
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const src = url && url !== failedUrl ? url : DEFAULT_PRODUCT_IMAGE;
  return (
    <span className={cx('bt-product-image', `bt-product-image--${size}`, className)}>
      <img
        src={src}
        alt={alt}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        data-fallback={src === DEFAULT_PRODUCT_IMAGE ? '' : undefined}
        onError={() => setFailedUrl(url)}
      />
    </span>
  );
}
