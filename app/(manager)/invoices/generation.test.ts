import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en/manager-billing.json';
import type { Translate } from '@/app/portal/translate';
import { checkChoice, progressSummary } from './generation';

const t = createTranslator({ locale: 'en', messages: en, namespace: 'Invoices' }) as Translate;
const january = { start: '2024-01-01', end: '2024-01-31' };

describe('checkChoice', () => {
  it('passes a building and a period in order', () => {
    expect(checkChoice(['b'], january, t)).toEqual({});
  });

  it('asks for a building and for dates that exist, in order', () => {
    expect(checkChoice([], { start: '', end: '2024-02-30' }, t)).toEqual({
      buildings: 'Choose at least one building.',
      start: 'Enter the first day of the period.',
      end: 'Enter the last day of the period.',
    });
    expect(checkChoice(['b'], { start: '2024-02-01', end: '2024-01-31' }, t)).toEqual({ end: 'The period cannot end before it starts.' });
  });
});

describe('summaries', () => {
  it('counts what generating has done', () => {
    const building = { id: 'b', name: 'B' } as never;
    expect(progressSummary([{ building, created: 2, skipped: 1, error: null }, { building, created: 0, skipped: 0, error: 'x' }])).toEqual({ created: 2, skipped: 1, failures: 1 });
  });
});
