import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkedInOnePass, page } from './envelope';

describe('output envelopes checked in one pass', () => {
  it('parseAsync gives what parse gives: the value stripped to the schema, or the same ZodError', async () => {
    const schema = page(z.object({ id: z.uuid(), amount: z.number() }));
    const good = { data: [{ id: '8eb48d61-dce8-4841-9ced-809326d4caaa', amount: 40.9, extra: 'dropped' }], nextCursor: null };
    expect(await schema.parseAsync(good)).toEqual({ data: [{ id: '8eb48d61-dce8-4841-9ced-809326d4caaa', amount: 40.9 }], nextCursor: null });
    const bad = { data: [{ id: 'not-a-uuid', amount: '1' }], nextCursor: null };
    const error = await schema.parseAsync(bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(z.ZodError);
    expect((error as z.ZodError).issues.map((i) => i.path.join('.'))).toEqual(['data.0.id', 'data.0.amount']);
  });

  it('a schema that needs the async pass (an async refinement) still gets it', async () => {
    const schema = checkedInOnePass(z.object({ n: z.number().refine(async (n) => n > 1, 'too small') }));
    expect(await schema.parseAsync({ n: 2 })).toEqual({ n: 2 });
    await expect(schema.parseAsync({ n: 1 })).rejects.toBeInstanceOf(z.ZodError);
  });
});
