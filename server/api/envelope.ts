import { z } from 'zod';

/** `{"data": <object>}` — the body of every successful answer with content. */
export function one<T extends z.ZodType>(item: T) {
  return z.object({ data: item });
}

/** `{"data": [...], "nextCursor": "<opaque>" | null}` — every list. */
export function page<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), nextCursor: z.string().nullable() });
}

/** Query parameters shared by every list: `limit` (1..200, default 50) and an opaque `cursor`. */
export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(500).optional(),
});
