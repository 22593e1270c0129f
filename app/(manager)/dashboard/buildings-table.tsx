import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { figureCells, ResponsiveList } from '@/components/ui/responsive-list';
import { formatMoney } from '@/lib/format';

type Row = { buildingId: string; name: string; currency: string; billed: number; paid: number; overdue: number };

/** Billed, paid and overdue per building over the last 12 months; the overdue sum links to the building's overdue invoices. */
export function BuildingsTable({ rows }: { rows: Row[] }) {
  const t = useTranslations('Dashboard');
  const locale = useLocale();
  const overdue = (r: Row) =>
    r.overdue > 0 ? (
      <Link href={`/invoices?status=sent&overdue=true&buildingId=${r.buildingId}`} className="font-medium text-primary underline-offset-4 hover:underline">
        {formatMoney(r.overdue, r.currency, locale)}
      </Link>
    ) : (
      formatMoney(0, r.currency, locale)
    );
  return (
    <section aria-labelledby="per-building-heading" className="grid min-w-0 gap-3 rounded-lg border bg-card p-4 sm:p-6">
      <h2 id="per-building-heading" className="text-lg font-semibold">
        {t('byBuilding')}
      </h2>
      <ResponsiveList
        items={rows.map((r) => ({ ...r, id: r.buildingId }))}
        from="sm"
        labelledBy="per-building-heading"
        columns={[
          {
            header: t('building'),
            cellClassName: 'font-medium break-words',
            cell: (r) => (
              <Link href={`/buildings/${r.buildingId}`} className="text-primary underline-offset-4 hover:underline">
                {r.name}
              </Link>
            ),
          },
          { header: t('billed'), ...figureCells(), cell: (r) => formatMoney(r.billed, r.currency, locale) },
          { header: t('paid'), ...figureCells(), cell: (r) => formatMoney(r.paid, r.currency, locale) },
          { header: t('overdue'), ...figureCells(), cell: overdue },
        ]}
        cardClassName="grid gap-1 p-4 text-sm"
        card={(r) => (
          <>
            <Link href={`/buildings/${r.buildingId}`} className="font-medium text-primary underline-offset-4 hover:underline">
              {r.name}
            </Link>
            <p className="tabular-nums">
              {t.rich('buildingCard', { billed: formatMoney(r.billed, r.currency, locale), paid: formatMoney(r.paid, r.currency, locale), overdue: () => overdue(r) })}
            </p>
          </>
        )}
      />
    </section>
  );
}
