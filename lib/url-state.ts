'use client';

import { useEffect } from 'react';

/** A list's query (filters, order) as a query string: the set values only, in a stable order. */
export function searchOf(query: Record<string, string | undefined>): string {
  return new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => Boolean(e[1]))).toString();
}

/** Keeps the address in step with a list's query, so a reload or a shared link shows the same list. */
export function useQueryInUrl(path: string, search: string): void {
  useEffect(() => {
    const next = search ? `${path}?${search}` : path;
    if (`${window.location.pathname}${window.location.search}` !== next) window.history.replaceState(null, '', next);
  }, [path, search]);
}
