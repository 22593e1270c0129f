'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef } from 'react';
import { EVENT_TYPES } from '@/server/domain/enums';
import { cn } from '@/lib/utils';
import { EVENT_DESCRIPTIONS } from './format';

const OPTION =
  'flex min-h-11 cursor-pointer items-start gap-3 rounded-sm px-3 py-2 text-sm hover:bg-muted has-checked:bg-accent has-focus-visible:outline-2 has-focus-visible:outline-ring';

/** The event types an endpoint receives: one checkbox each, and one for all of them. */
export function EventPicker({
  selected,
  onChange,
  error,
  focusRef,
}: {
  selected: readonly string[];
  onChange: (events: string[]) => void;
  error?: string;
  /** Given the "Select all" checkbox, where the focus goes when no event is chosen. */
  focusRef: (element: HTMLElement | null) => void;
}) {
  const t = useTranslations('Webhooks');
  const descriptionId = useId();
  const errorId = useId();
  const selectAll = useRef<HTMLInputElement | null>(null);
  const all = EVENT_TYPES.every((type) => selected.includes(type));
  const some = !all && EVENT_TYPES.some((type) => selected.includes(type));

  // "Some of them": neither checked nor empty. Only a script can set it.
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = some;
  }, [some]);

  const toggle = (type: string, on: boolean) => onChange(EVENT_TYPES.filter((each) => (each === type ? on : selected.includes(each))));

  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={cn(descriptionId, error && errorId)}>
      <legend className="mb-2 text-sm font-medium">{t('events.label')}</legend>
      <p id={descriptionId} className="-mt-2 text-sm text-muted-foreground">
        {t('events.hint')}
      </p>
      <div className={cn('grid gap-1 rounded-md border p-1', error && 'border-destructive')}>
        <label className={cn(OPTION, 'items-center border-b font-medium')}>
          <input
            ref={(element) => {
              selectAll.current = element;
              focusRef(element);
            }}
            type="checkbox"
            className="size-5 shrink-0 accent-primary focus-visible:outline-none"
            checked={all}
            onChange={(event) => onChange(event.target.checked ? [...EVENT_TYPES] : [])}
          />
          {t('events.selectAll')}
        </label>
        <ul className="grid gap-1 sm:grid-cols-2">
          {EVENT_TYPES.map((type) => (
            <li key={type} className="min-w-0">
              <label className={OPTION}>
                <input
                  type="checkbox"
                  className="mt-0.5 size-5 shrink-0 accent-primary focus-visible:outline-none"
                  checked={selected.includes(type)}
                  onChange={(event) => toggle(type, event.target.checked)}
                />
                <span className="grid min-w-0 gap-0.5">
                  <span className="font-mono wrap-anywhere">{type}</span>
                  <span className="text-xs text-muted-foreground">{t(`events.${EVENT_DESCRIPTIONS[type]}`)}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
