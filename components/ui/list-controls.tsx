'use client';

import { DownloadIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from './button';
import { FormField } from './form-field';
import { Input } from './input';
import { OptionsSelect } from './options-select';

/**
 * A list's search box: it shows every keystroke at once and reports the text once typing pauses, so the
 * server is asked once per word and not once per letter.
 */
export function SearchField({ label, value, onChange, placeholder }: { label?: string; value: string; onChange: (value: string) => void; placeholder?: string }) {
  const t = useTranslations('Ui');
  const [text, setText] = useState(value);
  // A value changed outside the box (filters cleared) shows in the box: adjusted while rendering.
  const [outside, setOutside] = useState(value);
  if (value !== outside) {
    setOutside(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text), 300);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <FormField label={label ?? t('search')}>
      <Input type="search" value={text} placeholder={placeholder} maxLength={200} onChange={(event) => setText(event.target.value)} />
    </FormField>
  );
}

/** A list's order, one of the orders the server offers (its `sort`). */
export function SortSelect<S extends string>({ value, onChange, options }: { value: S; onChange: (value: S) => void; options: ReadonlyArray<{ value: S; label: string }> }) {
  const t = useTranslations('Ui');
  return (
    <FormField label={t('sortBy')}>
      <OptionsSelect value={value} onChange={(v) => onChange(v as S)} options={[...options]} />
    </FormField>
  );
}

/** The CSV download of what the list's filters select (every page, in the list's order). */
export function ExportLink({ href }: { href: string }) {
  const t = useTranslations('Ui');
  return (
    <Button asChild variant="outline">
      <a href={href} download>
        <DownloadIcon aria-hidden="true" />
        {t('exportCsv')}
      </a>
    </Button>
  );
}
