import { useTranslations } from 'next-intl';

/** The first focusable element, so keyboard users can jump past the navigation to `#main-content`. */
export function SkipLink() {
  const t = useTranslations('Shell');
  return (
    <a
      href="#main-content"
      // not-sr-only resets padding, so the focused padding is set after it.
      className="sr-only rounded-md bg-primary text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:px-4 focus:py-3"
    >
      {t('skipToContent')}
    </a>
  );
}
