import type { Locale } from './locales';

/**
 * The catalogue of a language is split by area (messages/<locale>/<area>.json), so work on one part of the
 * app touches one file. A new area: its three files and its name here.
 */
export const MESSAGE_AREAS = ['common', 'portal', 'mail', 'pdf', 'manager-property', 'manager-billing'] as const;

export type Messages = Record<string, unknown>;

/** Every message of one language: the areas' namespaces side by side (no namespace is in two areas). */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const parts = await Promise.all(MESSAGE_AREAS.map(async (area) => (await import(`../messages/${locale}/${area}.json`)).default as Messages));
  return Object.assign({}, ...parts) as Messages;
}
