import type { Locale } from '@/i18n/locales';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createTranslator } from 'next-intl';
import type { Translate } from '@/i18n/translator';
import en from '@/messages/en/common.json';
import et from '@/messages/et/common.json';
import ru from '@/messages/ru/common.json';
import { CONFLICT_REASONS, OWN_FIELD_CODES } from '@/server/domain/errors';
import { describeError, errorTextKey, fieldErrorText, formFailure, type ErrorWords, type FieldError } from './errors';

/** A tRPC failure as the browser receives it, with the error formatter's `data`. */
function failure(code: string, errors?: FieldError[], message = 'refused') {
  return new TRPCClientError<never>(message, { result: { error: { code: -32600, message, data: { code, errors } } } } as never);
}

const wordsIn = (messages: typeof en, locale: Locale): ErrorWords => ({
  errors: createTranslator({ locale, messages, namespace: 'Errors' }) as unknown as Translate,
  fields: createTranslator({ locale, messages, namespace: 'FieldErrors' }) as unknown as Translate,
});
const words = wordsIn(en, 'en');

describe('formFailure', () => {
  it('puts a 422 at the fields the form shows, first message per field, as sentences', () => {
    const error = failure('UNPROCESSABLE_CONTENT', [
      { path: 'amount', message: 'must be greater than 0' },
      { path: 'amount', message: 'is too large' },
      { path: 'paidDate', message: 'is in the future' },
    ]);
    expect(formFailure(error, 'Not saved.', ['amount', 'paidDate'], words)).toEqual({
      errors: { amount: 'Must be greater than 0.', paidDate: 'Is in the future.' },
      formError: null,
    });
  });

  it('names the other paths in the form message, with the chosen separator', () => {
    const error = failure('UNPROCESSABLE_CONTENT', [
      { path: 'name', message: 'is required' },
      { path: 'currency', message: 'must be 3 letters' },
      { path: '', message: 'nothing to change' },
    ]);
    expect(formFailure(error, 'Not saved.', ['name'], words)).toEqual({
      errors: { name: 'Is required.' },
      formError: 'Not saved. Currency: must be 3 letters. Nothing to change.',
    });
    expect(formFailure(error, 'Not saved.', ['name'], words, ' ').formError).toBe('Not saved. Currency must be 3 letters. Nothing to change.');
  });

  it('maps the server paths through a function', () => {
    const error = failure('UNPROCESSABLE_CONTENT', [{ path: 'apartmentId', message: 'is unknown' }]);
    const fieldOf = (path: string) => (path === 'apartmentId' ? 'apartment' : undefined);
    expect(formFailure(error, 'Not saved.', fieldOf, words).errors).toEqual({ apartment: 'Is unknown.' });
  });

  it('says why for any other failure', () => {
    expect(formFailure(failure('FORBIDDEN'), 'Not saved.', ['name'], words)).toEqual({
      errors: {},
      formError: 'Not saved. You do not have permission to do this.',
    });
    expect(formFailure(new Error('offline'), 'Not saved.', ['name'], words).formError).toBe(
      'Not saved. The server could not be reached. Check your connection and try again.',
    );
  });
});

describe('the reader’s words for a failure', () => {
  it('word a refused field by its code and limits, in the reader’s language; the API’s text only to an English reader where there is no code', () => {
    const error = failure('UNPROCESSABLE_CONTENT', [
      { path: 'name', message: 'Too big: expected string to have <=200 characters', code: 'too_big', params: { origin: 'string', maximum: 200, inclusive: true } },
      { path: 'value', message: 'is below the last confirmed reading (12.5 m3 on 2026-01-01)', code: 'belowLastReading', params: { value: 12.5, unit: 'm3' } },
      { path: 'iban', message: 'is not a valid IBAN', code: 'invalidIban' },
      { path: 'url', message: 'must use https' },
    ]);
    expect(formFailure(error, 'Not saved.', ['name', 'value', 'iban', 'url'], words).errors).toEqual({
      name: 'Use at most 200 characters.',
      value: 'Is below the last confirmed reading (12.5 m3).',
      iban: en.FieldErrors.invalidIban,
      url: 'Must use https.',
    });
    expect(formFailure(error, 'Ei salvestatud.', ['name', 'value', 'iban'], wordsIn(et, 'et'))).toEqual({
      errors: { name: 'Sisestage kõige rohkem 200 märki.', value: 'On väiksem kui viimane kinnitatud näit (12,5 m3).', iban: et.FieldErrors.invalidIban },
      formError: 'Ei salvestatud. Url: kontrollige seda väärtust.',
    });
  });

  it('word every refusal of ours in all three languages, with its parameters', () => {
    const params = { minimum: 1, maximum: 31, amount: 12.5, entry: 'EUR', target: 'SEK', column: 'area', row: 2, date: '2026-01-01', value: 1, unit: 'm3' };
    for (const [language, catalogue] of [['en', en], ['et', et], ['ru', ru]] as const) {
      for (const code of OWN_FIELD_CODES) {
        const text = fieldErrorText({ path: 'x', message: 'english', code, params }, wordsIn(catalogue, language));
        expect(text, `${language} ${code}`).not.toMatch(/english|\{|FieldErrors/);
        expect(text.length, `${language} ${code}`).toBeGreaterThan(5);
      }
    }
    expect(fieldErrorText({ path: 'amount', message: 'x', code: 'atLeastOpenBalance', params: { amount: 12.5 } }, wordsIn(et, 'et'))).toBe('Peab olema vähemalt tasumata summa, 12,50.');
  });

  it('say a conflict by the reason the server named, with its params, in every language', () => {
    const conflict = (reason: string, params?: Record<string, string | number>) =>
      new TRPCClientError<never>('Apartment number 3 already exists in this building', {
        result: { error: { code: -32600, message: 'x', data: { code: 'CONFLICT', reason, params } } },
      } as never);
    expect(describeError(conflict('apartmentNumberTaken', { number: '3' }), words)).toBe('Apartment number 3 already exists in this building.');
    expect(describeError(conflict('apartmentNumberTaken', { number: '3' }), wordsIn(et, 'et'))).toBe('Korter numbriga 3 on selles hoones juba olemas.');
    expect(describeError(conflict('meterHasReadings', { count: 2 }), wordsIn(ru, 'ru'))).toMatch(/^У счётчика 2 подтверждённых показания/);
    // An unknown reason is still a conflict, in general words.
    expect(describeError(conflict('somethingNew'), wordsIn(et, 'et'))).toBe(et.Errors.conflict);
    for (const [language, catalogue] of [['en', en], ['et', et], ['ru', ru]] as const) {
      for (const reason of CONFLICT_REASONS) {
        const text = describeError(conflict(reason, { email: 'a@b.ee', number: '3', count: 1 }), wordsIn(catalogue, language));
        expect(text, `${language} ${reason}`).not.toMatch(/\{|Errors\./);
      }
    }
  });

  it('say a failure by its code, never the server’s English', () => {
    expect(describeError(failure('CONFLICT', undefined, 'Apartment number 3 already exists'), wordsIn(et, 'et'))).toBe(et.Errors.conflict);
    expect(describeError(new Error('fetch failed'), words)).toBe(en.Errors.offline);
  });
});

describe('errorTextKey', () => {
  it('names a failure by its code, never by the server’s English text, and every name has a message in each language', () => {
    expect(errorTextKey(failure('CONFLICT', undefined, 'Apartment number 3 already exists'))).toBe('conflict');
    expect(errorTextKey(failure('TOO_MANY_REQUESTS'))).toBe('tooManyRequests');
    expect(errorTextKey(failure('UNPROCESSABLE_CONTENT'))).toBe('invalid');
    expect(errorTextKey(failure('INTERNAL_SERVER_ERROR'))).toBe('unknown');
    expect(errorTextKey(new Error('fetch failed'))).toBe('offline');
    for (const locale of ['et', 'ru', 'en']) {
      const { Errors } = JSON.parse(readFileSync(`messages/${locale}/common.json`, 'utf8')) as { Errors: Record<string, string> };
      for (const key of ['tooManyRequests', 'unauthorized', 'forbidden', 'notFound', 'conflict', 'invalid', 'offline', 'unknown']) expect(Errors[key], `${locale} ${key}`).toBeTruthy();
    }
  });
});
