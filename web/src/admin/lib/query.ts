/** Query strings for admin list calls: empty values are left out, the order is stable. */
export type Query = Record<string, string | number | boolean | null | undefined>;

export function queryString(query: Query): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value === undefined || value === null || value === "") continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The fields a query string would carry, as an object (an export job's query): empty values left out, every value text. */
export function queryFields(query: Query): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(queryString(query)));
}

export function withQuery(path: string, query: Query): string {
  return `${path}${queryString(query)}`;
}
