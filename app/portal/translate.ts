/** A translator for one namespace, as `useTranslations` / `getTranslations` give it; for helpers that build sentences. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;
