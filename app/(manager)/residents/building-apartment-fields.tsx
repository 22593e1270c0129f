'use client';

import type { Ref } from 'react';
import { FormField } from '@/components/ui/form-field';
import { OptionsSelect } from '@/components/ui/options-select';
import type { useApartmentChoices } from './apartment-directory';

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
  return (
    <>
      <FormField label="Building" error={errors.building}>
        <OptionsSelect
          ref={buildingRef}
          value={buildingId}
          placeholder={buildings.length ? 'Choose a building' : 'No buildings yet'}
          disabled={buildings.length === 0}
          options={buildings.map((b) => ({ value: b.id, label: b.name }))}
          onChange={onBuildingChange}
        />
      </FormField>
      <FormField label="Apartment" error={errors.apartment} description={apartmentDescription ?? choices.loadError}>
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
