import type { z } from 'zod';
import { asSentence } from '@/lib/trpc/errors';

export type SchemaIssue = z.core.$ZodIssue;
/** A form's own words for the issues it knows ("Enter a name for the key."); undefined leaves the general ones. */
export type IssueWords = (issue: SchemaIssue) => string | undefined;
/** The errors by the issue's path joined with dots, as the server's 422 names them ("name", "chargeRules.0.name"). */
export type PathErrors = Record<string, string>;

/** An issue in a person's words: the form's own, else the length limit every form says alike, else zod's message. */
function describeIssue(issue: SchemaIssue, words?: IssueWords): string {
  const own = words?.(issue);
  if (own) return own;
  if (issue.code === 'too_big' && issue.origin === 'string') return `Use at most ${issue.maximum} characters.`;
  return asSentence(issue.message);
}

/**
 * A form's input checked in the browser with the schema the server checks it with, so that the two cannot
 * drift apart; the data is what the schema makes of the input (trimmed, say), ready to send. The first issue
 * per path is kept.
 */
export function checkWithSchema<S extends z.ZodType>(
  schema: S,
  input: z.input<S>,
  words?: IssueWords,
): { data: z.output<S>; errors: null } | { data: null; errors: PathErrors } {
  const result = schema.safeParse(input);
  if (result.success) return { data: result.data, errors: null };
  const errors: PathErrors = {};
  for (const issue of result.error.issues) errors[issue.path.map(String).join('.')] ??= describeIssue(issue, words);
  return { data: null, errors };
}
