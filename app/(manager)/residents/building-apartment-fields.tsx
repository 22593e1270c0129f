'use client';

import { useTranslations } from 'next-intl';
import { type Ref, useState } from 'react';
import { FormField } from '@/components/ui/form-field';
import { OptionsSelect } from '@/components/ui/options-select';
import { useApartmentChoices } from './apartment-directory';

type PickerField = 'building' | 'apartment';

/**
 * The state of a form's building and apartment pickers: `initialBuildingId` or the only building chosen from the start, the apartment
 * emptied when the building changes, the errors of a submit with nothing chosen, and the props of
 * BuildingApartmentFields wired to the form's field errors (`onChange` runs after either picker changes).
 */
export function useBuildingApartmentPicker(buildings: Array<{ id: string; name: string }>, initialBuildingId?: string) {
  const t = useTranslations('ApartmentPicker');
  const [buildingId, setBuildingId] = useState(initialBuildingId || (buildings.length === 1 ? buildings[0]!.id : ''));
  const [apartmentId, setApartmentId] = useState('');
  const choices = useApartmentChoices(buildingId);
  const missing = (): Partial<Record<PickerField, string>> => ({
    ...(buildingId ? {} : { building: t('buildingMissing') }),
    ...(apartmentId ? {} : { apartment: buildingId ? t('apartmentMissing') : t('bothMissing') }),
  });
  const fieldProps = (form: {
    errors: Partial<Record<PickerField, string>>;
    ref: (field: PickerField) => Ref<HTMLButtonElement>;
    clearError: (field: PickerField) => void;
    onChange?: () => void;
  }) => ({
    buildings,
    buildingId,
    apartmentId,
    choices,
    errors: form.errors,
    buildingRef: form.ref('building'),
    apartmentRef: form.ref('apartment'),
    onBuildingChange: (value: string) => {
      setBuildingId(value);
      setApartmentId('');
      form.clearError('building');
      form.clearError('apartment');
      form.onChange?.();
    },
    onApartmentChange: (value: string) => {
      setApartmentId(value);
      form.clearError('apartment');
      form.onChange?.();
    },
  });
  return { buildingId, apartmentId, setApartmentId, choices, missing, fieldProps };
}

/**
 * A form's building and apartment pickers side by side: choosing a building empties the apartment, whose
 * picker waits for the building's apartments (`choices`, from useApartmentChoices in the form).
 */
export function BuildingApartmentFields({
  buildings,
  buildingId,
  apartmentId,
  choices,
  onBuildingChange,
  onApartmentChange,
  errors,
  buildingRef,
  apartmentRef,
  apartmentDescription,
}: {
  buildings: Array<{ id: string; name: string }>;
  buildingId: string;
  apartmentId: string;
  choices: ReturnType<typeof useApartmentChoices>;
  onBuildingChange: (buildingId: string) => void;
  onApartmentChange: (apartmentId: string) => void;
  errors: { building?: string; apartment?: string };
  buildingRef: Ref<HTMLButtonElement>;
  apartmentRef: Ref<HTMLButtonElement>;
  apartmentDescription?: string;
}) {
  const t = useTranslations('ApartmentPicker');
  return (
    <>
      <FormField label={t('building')} error={errors.building}>
        <OptionsSelect
          ref={buildingRef}
          value={buildingId}
          placeholder={buildings.length ? t('chooseBuilding') : t('noBuildings')}
          disabled={buildings.length === 0}
          options={buildings.map((b) => ({ value: b.id, label: b.name }))}
          onChange={onBuildingChange}
        />
      </FormField>
      <FormField label={t('apartment')} error={errors.apartment} description={apartmentDescription ?? choices.loadError}>
        <OptionsSelect
          ref={apartmentRef}
          value={apartmentId}
          placeholder={choices.placeholder}
          disabled={!buildingId || choices.apartments.length === 0}
          options={choices.options}
          onChange={onApartmentChange}
        />
      </FormField>
    </>
  );
}
