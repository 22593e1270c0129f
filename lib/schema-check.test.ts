import type { Locale } from '@/i18n/locales';
import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Translate } from '@/i18n/translator';
import en from '@/messages/en/common.json';
import et from '@/messages/et/common.json';
import ru from '@/messages/ru/common.json';
import { checkWithSchema, issuesByPath } from './schema-check';

const Schema = z.object({ name: z.string().trim().min(1).max(5), rules: z.array(z.object({ price: z.number().lt(10) })) });
const words = (messages: typeof en, locale: Locale) => createTranslator({ locale, messages, namespace: 'FieldErrors' }) as unknown as Translate;
const t = words(en, 'en');

describe('checkWithSchema', () => {
  it('gives the data as the schema makes it', () => {
    expect(checkWithSchema(Schema, { name: ' Ann ', rules: [] }, t)).toEqual({ data: { name: 'Ann', rules: [] }, errors: null });
  });

  it('keys the errors by the path the server names them with, one per path', () => {
    const { errors } = checkWithSchema(Schema, { name: 'x', rules: [{ price: 1 }, { price: 12 }] }, t);
    expect(Object.keys(errors ?? {})).toEqual(['rules.1.price']);
    expect(Object.keys(issuesByPath(Schema, { name: 'x', rules: [{ price: 12 }] }).issues ?? {})).toEqual(['rules.0.price']);
  });

  it('says a refusal in the reader’s words by its code, and lets the form word what it knows', () => {
    expect(checkWithSchema(Schema, { name: 'too long', rules: [] }, t).errors).toEqual({ name: 'Use at most 5 characters.' });
    expect(checkWithSchema(Schema, { name: ' ', rules: [] }, t).errors).toEqual({ name: 'Must not be empty.' });
    expect(checkWithSchema(Schema, { name: 'x', rules: [{ price: 12 }] }, t).errors).toEqual({ 'rules.0.price': 'Must be less than 10.' });
    const own = (issue: z.core.$ZodIssue) => (issue.code === 'too_small' ? 'Enter a name.' : undefined);
    expect(checkWithSchema(Schema, { name: '  ', rules: [] }, t, own).errors).toEqual({ name: 'Enter a name.' });
  });

  it('speaks Estonian and Russian, with the limits in their numbers and plurals, never zod’s English', () => {
    expect(checkWithSchema(Schema, { name: 'too long', rules: [] }, words(et, 'et')).errors).toEqual({ name: 'Sisestage kõige rohkem 5 märki.' });
    expect(checkWithSchema(Schema, { name: 'too long', rules: [] }, words(ru, 'ru')).errors).toEqual({ name: 'Введите не более 5 символов.' });
    const Other = z.object({ email: z.email(), day: z.iso.date(), amount: z.number().multipleOf(0.01).min(1.5) });
    expect(checkWithSchema(Other, { email: 'x', day: '2026-02-30', amount: 1.234 }, words(et, 'et')).errors).toEqual({
      email: 'Sisestage kehtiv e-posti aadress.',
      day: 'Sisestage kehtiv kuupäev.',
      amount: 'Kasutage kõige rohkem 2 komakohta.',
    });
    expect(checkWithSchema(Other, { email: 'a@b.ee', day: '2026-02-03', amount: 1 }, words(ru, 'ru')).errors).toEqual({ amount: 'Должно быть не меньше 1,5.' });
  });
});
