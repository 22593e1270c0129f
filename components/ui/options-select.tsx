'use client';

import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

export type SelectOption = { value: string; label: string };

/**
 * A Select over a list of options, for use inside a FormField: the field's id and aria-* wiring land on
 * the trigger, which the label points at.
 */
export function OptionsSelect({
  value,
  onChange,
  options,
  placeholder,
  disabled,
  ...wiring
}: {
  value: string;
  onChange: (value: string) => void;
  options: SelectOption[];
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}) {
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger {...wiring}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
