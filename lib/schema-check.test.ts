import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkWithSchema } from './schema-check';

const Schema = z.object({ name: z.string().trim().min(1).max(5), rules: z.array(z.object({ price: z.number().lt(10) })) });

describe('checkWithSchema', () => {
  it('gives the data as the schema makes it', () => {
    expect(checkWithSchema(Schema, { name: ' Ann ', rules: [] })).toEqual({ data: { name: 'Ann', rules: [] }, errors: null });
  });

  it('keys the errors by the path the server names them with, one per path', () => {
    const { errors } = checkWithSchema(Schema, { name: 'x', rules: [{ price: 1 }, { price: 12 }] });
    expect(Object.keys(errors ?? {})).toEqual(['rules.1.price']);
  });

  it('says a length limit in a person’s words, and lets the form word what it knows', () => {
    expect(checkWithSchema(Schema, { name: 'too long', rules: [] }).errors).toEqual({ name: 'Use at most 5 characters.' });
    const words = (issue: z.core.$ZodIssue) => (issue.code === 'too_small' ? 'Enter a name.' : undefined);
    expect(checkWithSchema(Schema, { name: '  ', rules: [] }, words).errors).toEqual({ name: 'Enter a name.' });
  });

  it('falls back on zod’s message as a sentence', () => {
    expect(checkWithSchema(Schema, { name: 'x', rules: [{ price: 12 }] }).errors?.['rules.0.price']).toMatch(/^Too big.*\.$/);
  });
});
