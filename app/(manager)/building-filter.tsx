'use client';

import { useTranslations } from 'next-intl';
import { FormField } from '@/components/ui/form-field';
import { OptionsSelect } from '@/components/ui/options-select';

const ALL = 'all';

/** A list's "Building" filter: one of the tenant's buildings, or all of them (''). */
export function BuildingFilter({ value, onChange, buildings }: { value: string; onChange: (buildingId: string) => void; buildings: ReadonlyArray<{ id: string; name: string }> }) {
  const t = useTranslations('BuildingFilter');
  return (
    <FormField label={t('label')}>
      <OptionsSelect
        value={value || ALL}
        onChange={(chosen) => onChange(chosen === ALL ? '' : chosen)}
        options={[{ value: ALL, label: t('all') }, ...buildings.map((b) => ({ value: b.id, label: b.name }))]}
      />
    </FormField>
  );
}
