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
});
