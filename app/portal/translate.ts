export type { Translate } from '@/i18n/translator';
