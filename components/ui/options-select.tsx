'use client';

import type { Ref } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

export type SelectOption = { value: string; label: string };

/**
 * A Select over a list of options, for use inside a FormField: the field's id and aria-* wiring land on
 * the trigger, which the label points at (and `ref`, to move the focus to the field).
 */
export function OptionsSelect({
  value,
  onChange,
  options,
  placeholder,
  disabled,
  ref,
  ...wiring
}: {
  value: string;
  onChange: (value: string) => void;
  options: SelectOption[];
  placeholder?: string;
  disabled?: boolean;
  ref?: Ref<HTMLButtonElement>;
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  /** A name to find the trigger by, to move the focus there after a render. */
  'data-focus'?: string;
}) {
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger ref={ref} {...wiring}>
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
