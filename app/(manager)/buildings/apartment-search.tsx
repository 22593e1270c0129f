'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SearchIcon } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { describeError } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import { useDebouncedValue } from './use-debounced-value';

/** Finds an apartment in any building by its number, "Building 12-7", reference number or a resident's name, and opens its account. */
export function ApartmentSearch() {
  const words = useErrorWords();
  const t = useTranslations('ApartmentSearch');
  const trpc = useTRPC();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 250);
  const results = useQuery(trpc.apartments.search.queryOptions({ q, limit: 10 }, { enabled: q.length > 0, placeholderData: keepPreviousData }));
  const hits = q ? (results.data?.data ?? []) : [];
  return (
    <section aria-labelledby="apartment-search-heading" className="grid gap-3 rounded-lg border bg-card p-4">
      <h2 id="apartment-search-heading" className="text-lg font-semibold">
        {t('heading')}
      </h2>
      <div role="search" className="grid gap-2 sm:max-w-md">
        <Label htmlFor="apartment-search">{t('label')}</Label>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input id="apartment-search" type="search" autoComplete="off" placeholder={t('placeholder')} className="pl-9" value={text} onChange={(event) => setText(event.target.value)} />
        </div>
      </div>
      {q && results.isError && <p className="text-sm text-destructive">{describeError(results.error, words)}</p>}
      {q && results.isSuccess && hits.length === 0 && <p className="text-sm text-muted-foreground">{t('noMatch', { q })}</p>}
      {hits.length > 0 && (
        <ul aria-label={t('found')} className="grid gap-1">
          {hits.map((h) => (
            <li key={h.apartmentId}>
              <Link href={`/apartments/${h.apartmentId}`} className="flex min-h-11 flex-wrap items-center gap-x-2 rounded-md px-2 py-1 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring">
                <span className="font-medium text-primary">
                  {t('hit', { building: h.buildingName, number: h.number })}
                </span>
                {h.residents.length > 0 && <span className="text-sm text-muted-foreground">{h.residents.join(', ')}</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
