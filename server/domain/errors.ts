/**
 * One refused field of a 422: where (`periodEnd`, `chargeRules.2.unitPrice`) and why. The REST answer carries
 * {path, message} (API.md); `code` and `params` go to the web app only, which words the reason in its reader's
 * language by them (a zod issue's code and limits, or one of ours such as `belowLastReading`).
 */
export type FieldError = { path: string; message: string; code?: string; params?: Record<string, string | number | boolean> };

/**
 * The refusals many checks share, with the code and limits the web app words them by in its reader's language
 * (lib/issue-text, as for a zod issue); the REST answer keeps the English message only.
 */
export const fieldIssue = {
  empty: (path: string): FieldError => ({ path, message: 'must not be empty', code: 'too_small', params: { origin: 'string', minimum: 1 } }),
  negative: (path: string): FieldError => ({ path, message: 'must not be negative', code: 'too_small', params: { origin: 'number', minimum: 0, inclusive: true } }),
  /** More decimals than `places` (1 or more). */
  decimals: (path: string, places: number, message = `has more than ${places} decimal places`): FieldError => ({ path, message, code: 'not_multiple_of', params: { divisor: 10 ** -places } }),
  calendarDate: (path: string): FieldError => ({ path, message: 'is not a calendar date (YYYY-MM-DD)', code: 'invalid_format', params: { format: 'date' } }),
  tooShort: (path: string, minimum: number): FieldError => ({ path, message: `must be at least ${minimum} characters`, code: 'too_small', params: { origin: 'string', minimum } }),
  tooLong: (path: string, maximum: number): FieldError => ({ path, message: `must be at most ${maximum} characters`, code: 'too_big', params: { origin: 'string', maximum } }),
};
