'use client';

import { type ChangeEvent, type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * A form's errors: one per field (for its FormField) and one for the whole form. After a failed attempt
 * the focus moves, once the errors are shown, to the first field with one (in the order of `fields`), else
 * to the form's message, so that it is read out. Give the controls and the message their `ref(…)`.
 */
export function useFieldErrors<F extends string>(fields: readonly F[]) {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const elements = useRef(new Map<F | 'form', HTMLElement>());
  const focusAfterRender = useRef<F | 'form' | null>(null);
  useEffect(() => {
    const target = focusAfterRender.current;
    if (!target) return;
    focusAfterRender.current = null;
    elements.current.get(target)?.focus();
  });

  /** The ref for a field's control, or for the form's message (`'form'`). */
  function ref(key: F | 'form') {
    return (element: HTMLElement | null) => {
      if (element) elements.current.set(key, element);
      else elements.current.delete(key);
    };
  }

  /** Clears a field's error as the field is changed. */
  function clearError(field: F) {
    setErrors((previous) => (previous[field] ? { ...previous, [field]: undefined } : previous));
  }

  /** A text control's props for `field`: its ref, name and value, and a change that sets the value and clears the field's error. */
  function bind(field: F, value: string, setValue: (value: string) => void) {
    return {
      ref: ref(field),
      name: field,
      value,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        setValue(event.target.value);
        clearError(field);
      },
    };
  }

  return {
    errors,
    formError,
    /** Shows these errors and message instead of the previous ones, and moves the focus to the first. */
    fail(found: FieldErrors<F>, message: string | null = null) {
      setErrors(found);
      setFormError(message);
      focusAfterRender.current = fields.find((field) => found[field]) ?? (message ? 'form' : null);
    },
    /** Clears every error, before the form is sent again. */
    clear() {
      setErrors({});
      setFormError(null);
    },
    clearError,
    ref,
    bind,
    /** `bind` for a form whose values are one record: `const field = bindEach(values, setValues)`, then `<Input {...field('area')} />`. */
    bindEach<V extends Record<F, string>>(values: V, setValues: Dispatch<SetStateAction<V>>) {
      return (field: F) => bind(field, values[field], (value) => setValues((previous) => ({ ...previous, [field]: value })));
    },
  };
}
