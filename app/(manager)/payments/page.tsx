import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { definedOnly, listParams, type SearchParams } from '@/lib/list-params';
import { PaymentsView } from './payments-view';
import { PAYMENT_METHODS } from '../invoices/format';
import { PAYMENT_SORTS } from './sorts';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Payments'))('title') };
}

/** The filters live in the address (?q=…&buildingId=…&method=…&from=…&to=…&sort=…): a reload or a shared link shows the same list. */
export default async function PaymentsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const p = listParams(await searchParams);
  return (
    <PaymentsView
      initial={definedOnly({ buildingId: p.uuid('buildingId'), method: p.oneOf('method', PAYMENT_METHODS), from: p.date('from'), to: p.date('to'), q: p.text('q'), sort: p.sort(PAYMENT_SORTS) })}
    />
  );
}
