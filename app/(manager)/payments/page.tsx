import type { Metadata } from 'next';
import type { PaymentFilters } from './payment-filters';
import { PaymentsView } from './payments-view';

export const metadata: Metadata = { title: 'Payments' };

const METHODS = ['banklink', 'bank_transfer', 'manual'] as const;
const UUID = /^[0-9a-f-]{36}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value.slice(0, 100) : '');

/** The filters live in the address (?buildingId=…&method=…&from=…&to=…): a reload or a shared link shows the same list. */
export default async function PaymentsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const search = await searchParams;
  const method = METHODS.find((m) => m === one(search.method));
  const initial: Partial<PaymentFilters> = {
    ...(UUID.test(one(search.buildingId)) ? { buildingId: one(search.buildingId) } : {}),
    ...(method ? { method } : {}),
    ...(DATE.test(one(search.from)) ? { from: one(search.from) } : {}),
    ...(DATE.test(one(search.to)) ? { to: one(search.to) } : {}),
  };
  return <PaymentsView initial={initial} />;
}
