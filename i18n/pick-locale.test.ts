import { describe, expect, it } from 'vitest';
import { pickLocale } from './pick-locale';

describe('the reader’s language', () => {
  it('is their choice, else the first browser language we have, else Estonian', () => {
    expect(pickLocale({ cookie: 'ru', acceptLanguage: 'en-US,en;q=0.9' })).toBe('ru');
    expect(pickLocale({ cookie: 'de', acceptLanguage: 'en-US,en;q=0.9' })).toBe('en');
    expect(pickLocale({ acceptLanguage: 'de-DE,ru;q=0.8,en;q=0.5' })).toBe('ru');
    expect(pickLocale({ acceptLanguage: 'en;q=0.3,et-EE;q=0.9' })).toBe('et');
    expect(pickLocale({ acceptLanguage: 'fi-FI' })).toBe('et');
    expect(pickLocale({})).toBe('et');
  });

  it('for a signed-in reader: their saved choice, else the browser\'s where their organisation allows it, else its default', () => {
    const allows = { defaultLocale: 'ru', allowBrowserLocale: true } as const;
    const forbids = { defaultLocale: 'ru', allowBrowserLocale: false } as const;
    // The choice made in this browser, then the one saved on the account, come first either way.
    expect(pickLocale({ cookie: 'en', saved: 'et', acceptLanguage: 'et', tenant: forbids })).toBe('en');
    expect(pickLocale({ saved: 'et', acceptLanguage: 'en', tenant: forbids })).toBe('et');
    expect(pickLocale({ saved: 'xx', acceptLanguage: 'en', tenant: allows })).toBe('en');
    expect(pickLocale({ acceptLanguage: 'en-GB,en;q=0.9', tenant: allows })).toBe('en');
    expect(pickLocale({ acceptLanguage: 'en-GB,en;q=0.9', tenant: forbids })).toBe('ru');
    expect(pickLocale({ acceptLanguage: 'fi-FI', tenant: allows })).toBe('ru');
    expect(pickLocale({ tenant: { defaultLocale: 'en', allowBrowserLocale: true } })).toBe('en');
  });
});
