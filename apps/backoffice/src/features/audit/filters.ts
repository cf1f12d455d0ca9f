/**
 * The audit log's filters as the address holds them (`?user_id=2&object_type=registration&from=…`),
 * so a link or the back button brings them back. A value the server would refuse is left out rather
 * than turned into an error page: the address is typed by hand too.
 */
import { type AuditQuery, AuditQuerySchema } from '@botica/api-client/admin';

const KEYS = ['user_id', 'object_type', 'object_id', 'from', 'to', 'page'] as const;

/** The filters of an address's search parameters, each one the server accepts, the others dropped. */
export function auditFilters(params: URLSearchParams): AuditQuery {
  const query: Record<string, string> = {};
  for (const key of KEYS) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    const single = AuditQuerySchema.safeParse({ [key]: value });
    if (single.success) query[key] = value;
  }
  const parsed = AuditQuerySchema.safeParse(query);
  if (parsed.success) return parsed.data;
  // Only the pair of days can disagree: drop the end that comes before the start.
  const { to: _to, ...rest } = query;
  return AuditQuerySchema.parse(rest);
}

/** The search parameters of filters (empty ones left out), for a link or a form's address. */
export function auditSearch(filters: AuditQuery): string {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = filters[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
