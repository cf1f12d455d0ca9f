/**
 * Query strings as the API reads them: arrays in bracket notation, `tags[]=1&tags[]=2`;
 * undefined values are left out.
 * @example toSearchParams({ page: 2, tags: [1, 2] }).toString() // 'page=2&tags%5B%5D=1&tags%5B%5D=2'
 */
export function toSearchParams(
  query: Readonly<Record<string, string | number | boolean | readonly (string | number)[] | undefined>>,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) params.append(`${key}[]`, String(item));
    else params.append(key, String(value));
  }
  return params;
}
