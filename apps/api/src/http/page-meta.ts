/** The `meta` block of one page of a list's answer, as every paged endpoint gives it. */
export interface PageMeta {
  current_page: number;
  /** At least 1, an empty list being one empty page. */
  last_page: number;
  per_page: number;
  total: number;
}

/** The `meta` of page `page` of `total` items, `perPage` a page. */
export function pageMeta(page: number, perPage: number, total: number): PageMeta {
  return { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
}
