import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/i18n/locales';
import { MESSAGE_AREAS } from '@/i18n/messages';

type Catalogue = { [key: string]: string | Catalogue };
const root = path.resolve(import.meta.dirname, '..');
/** One language's areas (messages/<locale>/<area>.json) side by side, as i18n/messages.ts loads them. */
function catalogue(locale: string): Catalogue {
  const parts = MESSAGE_AREAS.map((area) => JSON.parse(readFileSync(path.join(root, 'messages', locale, `${area}.json`), 'utf8')) as Catalogue);
  const namespaces = parts.flatMap((part) => Object.keys(part));
  if (new Set(namespaces).size !== namespaces.length) throw new Error(`${locale}: a namespace stands in two areas`);
  return Object.assign({}, ...parts) as Catalogue;
}
const catalogues = Object.fromEntries(LOCALES.map((l) => [l, catalogue(l)]));

/** Every message as its dotted key ("SignIn.errors.invalid") and text. */
function flatten(catalogue: Catalogue, prefix = ''): Array<[string, string]> {
  return Object.entries(catalogue).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value, `${prefix}${key}.`)));
}

/** The source files that can read messages. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}
const code = ['app', 'components', 'emails', 'lib', 'server', 'i18n'].flatMap((d) => sources(path.join(root, d)).map((f) => readFileSync(f, 'utf8'))).join('\n');

describe('the message catalogues (et, ru, en)', () => {
  it('are the areas i18n/messages.ts loads, in every language', () => {
    for (const l of LOCALES) expect(readdirSync(path.join(root, 'messages', l)).sort(), l).toEqual(MESSAGE_AREAS.map((a) => `${a}.json`).sort());
  });

  it('have the same keys in every language', () => {
    const keys = (l: string) => flatten(catalogues[l]!).map(([k]) => k).sort();
    for (const l of LOCALES) expect(keys(l), l).toEqual(keys('en'));
  });

  it('hold valid ICU messages (plurals, numbers, tags) and no empty one', () => {
    for (const l of LOCALES) {
      for (const [key, text] of flatten(catalogues[l]!)) {
        expect(text.trim(), `${l} ${key}`).not.toBe('');
        expect(() => new IntlMessageFormat(text, l), `${l} ${key}`).not.toThrow();
      }
    }
  });

  it('hold no key the code never reads: its namespace is used and its name is written in the code', () => {
    const unused = flatten(catalogues.en!)
      .map(([key]) => key)
      .filter((key) => {
        const [namespace, ...rest] = key.split('.');
        const name = rest.at(-1)!;
        const namespaceUsed = new RegExp(`(useTranslations|getTranslations|translatorFor)\\(\\s*'${namespace}'`).test(code);
        const nameWritten = code.includes(`'${name}'`) || code.includes(`"${name}"`) || code.includes(`'${rest.join('.')}'`);
        return !namespaceUsed || !nameWritten;
      });
    expect(unused).toEqual([]);
  });
});
