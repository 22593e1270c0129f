'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useTransition } from 'react';
import { FormField } from '@/components/ui/form-field';
import { OptionsSelect } from '@/components/ui/options-select';
import { LOCALE_NAMES, LOCALES } from '@/i18n/locales';
import { chooseLocaleAction } from '@/app/locale-action';

/** Chooses the reader's language and shows the page again in it. */
export function useChooseLocale() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const choose = (locale: string) =>
    startTransition(async () => {
      await chooseLocaleAction(locale);
      router.refresh();
    });
  return { choose, pending };
}

/** The sign-in page's language field: each language named in itself. */
export function LanguageSelect() {
  const t = useTranslations('Language');
  const { choose, pending } = useChooseLocale();
  return (
    <FormField label={t('label')}>
      <OptionsSelect value={useLocale()} onChange={choose} disabled={pending} options={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))} />
    </FormField>
  );
}

/**
 * Keeps a signed-in person's language in step across browsers: a browser that has not chosen takes their saved
 * language; a choice made here before signing in (the sign-in page's) is saved to their account.
 */
export function LocaleSync({ saved, chosenHere }: { saved: string | null; chosenHere: boolean }) {
  const current = useLocale();
  const { choose } = useChooseLocale();
  useEffect(() => {
    if (!chosenHere && saved && saved !== current) choose(saved);
    else if (chosenHere && saved !== current) void chooseLocaleAction(current);
    // Once per page load: `choose` refreshes the page, which renders this again in step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
