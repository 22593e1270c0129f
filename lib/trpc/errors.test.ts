import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { errorTextKey, formFailure } from './errors';

/** A tRPC failure as the browser receives it, with the error formatter's `data`. */
function failure(code: string, errors?: Array<{ path: string; message: string }>, message = 'refused') {
  return new TRPCClientError<never>(message, { result: { error: { code: -32600, message, data: { code, errors } } } } as never);
}

describe('formFailure', () => {
  it('puts a 422 at the fields the form shows, first message per field, as sentences', () => {
    const error = failure('UNPROCESSABLE_CONTENT', [
      { path: 'amount', message: 'must be greater than 0' },
      { path: 'amount', message: 'is too large' },
      { path: 'paidDate', message: 'is in the future' },
    ]);
    expect(formFailure(error, 'Not saved.', ['amount', 'paidDate'])).toEqual({
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
    expect(formFailure(error, 'Not saved.', ['name'])).toEqual({
      errors: { name: 'Is required.' },
      formError: 'Not saved. Currency: must be 3 letters. Nothing to change.',
    });
    expect(formFailure(error, 'Not saved.', ['name'], ' ').formError).toBe('Not saved. Currency must be 3 letters. Nothing to change.');
  });

  it('maps the server paths through a function', () => {
    const error = failure('UNPROCESSABLE_CONTENT', [{ path: 'apartmentId', message: 'is unknown' }]);
    const fieldOf = (path: string) => (path === 'apartmentId' ? 'apartment' : undefined);
    expect(formFailure(error, 'Not saved.', fieldOf).errors).toEqual({ apartment: 'Is unknown.' });
  });

  it('says why for any other failure', () => {
    expect(formFailure(failure('FORBIDDEN'), 'Not saved.', ['name'])).toEqual({
      errors: {},
      formError: 'Not saved. You do not have permission to do this.',
    });
    expect(formFailure(new Error('offline'), 'Not saved.', ['name']).formError).toBe(
      'Not saved. The server could not be reached. Check your connection and try again.',
    );
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
