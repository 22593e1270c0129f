/** A page's `searchParams`, as Next hands them to a server component. */
export type SearchParams = Record<string, string | string[] | undefined>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A list page's address read back into its initial query (a reload or a shared link shows the same list):
 * each reader gives the value when it is well-formed and undefined otherwise, so a mangled link opens the
 * plain list instead of an error.
 */
export function listParams(search: SearchParams) {
  const text = (name: string): string | undefined => {
    const value = search[name];
    return typeof value === 'string' && value.trim() ? value.slice(0, 200) : undefined;
  };
  return {
    text,
    uuid: (name: string) => (UUID.test(text(name) ?? '') ? text(name) : undefined),
    date: (name: string) => (DATE.test(text(name) ?? '') ? text(name) : undefined),
    oneOf: <T extends string>(name: string, values: readonly T[]): T | undefined => values.find((v) => v === text(name)),
    sort: <T extends string>(sorts: ReadonlyArray<{ value: T }>): T | undefined => sorts.find((s) => s.value === text('sort'))?.value,
  };
}

/** The query without its unset fields, to spread over a list's defaults. */
export function definedOnly<T extends Record<string, unknown>>(query: T): Partial<{ [K in keyof T]: Exclude<T[K], undefined> }> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as Partial<{ [K in keyof T]: Exclude<T[K], undefined> }>;
}
