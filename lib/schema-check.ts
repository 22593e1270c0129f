import type { z } from 'zod';
import type { Translate } from '@/i18n/translator';
import { issueText } from '@/lib/issue-text';

export type SchemaIssue = z.core.$ZodIssue;
/** A form's own words for the issues it knows ("Enter a name for the key."); undefined leaves the general ones. */
export type IssueWords = (issue: SchemaIssue) => string | undefined;
/** The errors by the issue's path joined with dots, as the server's 422 names them ("name", "chargeRules.0.name"). */
export type PathErrors = Record<string, string>;

/** An issue in the reader's words: the form's own, else the general one by its code (`FieldErrors`), never zod's English. */
function describeIssue(issue: SchemaIssue, t: Translate, words?: IssueWords): string {
  return words?.(issue) ?? issueText(t, issue);
}

/**
 * A form's input checked in the browser with the schema the server checks it with, so that the two cannot
 * drift apart; the data is what the schema makes of the input (trimmed, say), ready to send. The first issue
 * per path is kept, for a form that words every refusal itself.
 */
export function issuesByPath<S extends z.ZodType>(
  schema: S,
  input: z.input<S>,
): { data: z.output<S>; issues: null } | { data: null; issues: Record<string, SchemaIssue> } {
  const result = schema.safeParse(input);
  if (result.success) return { data: result.data, issues: null };
  const issues: Record<string, SchemaIssue> = {};
  for (const issue of result.error.issues) issues[issue.path.map(String).join('.')] ??= issue;
  return { data: null, issues };
}

/**
 * As issuesByPath, with each refusal as a sentence in the reader's language: the form's own `words`, else the
 * general one by the issue's code. `t` reads the `FieldErrors` messages (`useTranslations('FieldErrors')`).
 */
export function checkWithSchema<S extends z.ZodType>(
  schema: S,
  input: z.input<S>,
  t: Translate,
  words?: IssueWords,
): { data: z.output<S>; errors: null } | { data: null; errors: PathErrors } {
  const checked = issuesByPath(schema, input);
  if (checked.data !== null || !checked.issues) return { data: checked.data as z.output<S>, errors: null };
  return { data: null, errors: Object.fromEntries(Object.entries(checked.issues).map(([path, issue]) => [path, describeIssue(issue, t, words)])) };
}
