'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useErrorWords } from '@/lib/error-text';
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { errorCode } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import type { Apartment } from '../types';
import { APARTMENT_FIELDS, apartmentFailure, apartmentValues, checkApartment, type ApartmentErrors, type ApartmentField, type ApartmentValues } from './apartment-fields';

export type Editing = { id: string; values: ApartmentValues; errors: ApartmentErrors; formError: string | null };
type FocusTarget = { kind: 'input'; field: ApartmentField } | { kind: 'edit'; id: string } | { kind: 'outcome' };

/** One apartment edited in its row: Enter saves, Escape cancels, and the focus follows. */
export function useApartmentEditing({
  buildingId,
  sectionRef,
  focusOutcome,
  onNotice,
  refresh,
}: {
  buildingId: string;
  /** The rows' inputs and Edit buttons are found in it by their `data-focus`. */
  sectionRef: RefObject<HTMLElement | null>;
  /** The outcome on the page, when the row is gone. */
  focusOutcome: () => HTMLElement | null;
  onNotice: (message: string) => void;
  refresh: () => void;
}) {
  const t = useTranslations('Apartments');
  const fieldT = useTranslations('FieldErrors');
  const words = useErrorWords();
  const trpc = useTRPC();
  const update = useMutation(trpc.buildings.updateApartment.mutationOptions());
  const [editing, setEditing] = useState<Editing | null>(null);

  // Focus moves after the next render: into the row being edited, or back to a row's Edit button.
  const pendingFocus = useRef<FocusTarget | null>(null);
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    const find = (id: string) => sectionRef.current?.querySelector<HTMLElement>(`[data-focus="${CSS.escape(id)}"]`);
    if (target.kind === 'input') find(`edit-input:${target.field}`)?.focus();
    else if (target.kind === 'edit') find(`edit:${target.id}`)?.focus();
    else focusOutcome()?.focus();
  });

  function focusFirstError(errors: ApartmentErrors) {
    const first = APARTMENT_FIELDS.find((f) => errors[f]);
    if (first) pendingFocus.current = { kind: 'input', field: first };
  }

  function start(apartment: Apartment) {
    update.reset();
    setEditing({ id: apartment.id, values: apartmentValues(apartment), errors: {}, formError: null });
    pendingFocus.current = { kind: 'input', field: 'number' };
  }

  function stop() {
    if (!editing || update.isPending) return;
    pendingFocus.current = { kind: 'edit', id: editing.id };
    setEditing(null);
  }

  function save() {
    if (!editing || update.isPending) return;
    const { input, errors } = checkApartment(editing.values, t, fieldT);
    if (!input) {
      setEditing({ ...editing, errors, formError: null });
      focusFirstError(errors);
      return;
    }
    setEditing({ ...editing, errors: {}, formError: null });
    const id = editing.id;
    update.mutate(
      { id: buildingId, aptId: id, ...input },
      {
        onSuccess: ({ data }) => {
          onNotice(t('saved', { number: data.number }));
          pendingFocus.current = { kind: 'edit', id };
          setEditing(null);
          refresh();
        },
        onError: (error) => {
          if (errorCode(error) === 'NOT_FOUND') {
            onNotice(t('deletedMeanwhile'));
            pendingFocus.current = { kind: 'outcome' };
            setEditing(null);
            refresh();
            return;
          }
          const failure = apartmentFailure(error, t('saveFailed'), editing.values.number, t, words);
          setEditing((current) => (current && current.id === id ? { ...current, errors: failure.errors, formError: failure.formError } : current));
          focusFirstError(failure.errors);
        },
      },
    );
  }

  return {
    editing,
    pending: update.isPending,
    start,
    stop,
    save,
    /** A field typed in: its error goes until the next save. */
    change(field: ApartmentField, value: string) {
      setEditing((current) => (current ? { ...current, values: { ...current.values, [field]: value }, errors: { ...current.errors, [field]: undefined } } : current));
    },
    onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
      if (event.key === 'Enter') {
        event.preventDefault();
        save();
      } else if (event.key === 'Escape') {
        event.preventDefault();
        stop();
      }
    },
    /** The apartment is gone: its row is no longer edited. */
    forget(id: string) {
      if (editing?.id === id) setEditing(null);
    },
  };
}

export type ApartmentEditing = ReturnType<typeof useApartmentEditing>;
