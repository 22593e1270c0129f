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
  required: (path: string, message = 'is required'): FieldError => ({ path, message, code: 'too_small', params: { origin: 'string', minimum: 1 } }),
  above: (path: string, minimum: number, message = `must be greater than ${minimum}`): FieldError => ({ path, message, code: 'too_small', params: { origin: 'number', minimum, inclusive: false } }),
  atMost: (path: string, maximum: number, message = `must be at most ${maximum}`): FieldError => ({ path, message, code: 'too_big', params: { origin: 'number', maximum, inclusive: true } }),
  below: (path: string, maximum: number, message = `must be less than ${maximum}`): FieldError => ({ path, message, code: 'too_big', params: { origin: 'number', maximum, inclusive: false } }),
  tooFew: (path: string, minimum: number, message: string): FieldError => ({ path, message, code: 'too_small', params: { origin: 'array', minimum } }),
  tooMany: (path: string, maximum: number, message: string): FieldError => ({ path, message, code: 'too_big', params: { origin: 'array', maximum } }),
  /** A number outside [minimum, maximum]. */
  between: (path: string, minimum: number, maximum: number, message = `must be between ${minimum} and ${maximum}`): FieldError => ({ path, message, code: 'between', params: { minimum, maximum } }),
  /** Not a whole number within [minimum, maximum]. */
  wholeBetween: (path: string, minimum: number, maximum: number, message = `must be a whole number from ${minimum} to ${maximum}`): FieldError => ({
    path,
    message,
    code: 'wholeBetween',
    params: { minimum, maximum },
  }),
  /** A value not in the expected shape (a registration code, a VAT number). */
  format: (path: string, message: string): FieldError => ({ path, message, code: 'invalid_format', params: { format: 'regex' } }),
  /** One of our own refusals: `code` is a `FieldErrors` message of the web app (lib/trpc/errors OWN_CODES). */
  own: (path: string, code: OwnFieldCode, message: string, params?: FieldError['params']): FieldError => ({ path, message, code, ...(params && { params }) }),
};

/** The refusals that are ours rather than a zod issue's; the web app words each by its `FieldErrors` message. */
export const OWN_FIELD_CODES = [
  'belowLastReading',
  'between',
  'wholeBetween',
  'invalidIban',
  'invalidCurrency',
  'invalidPrefix',
  'notBeforeStart',
  'notInFuture',
  'beforeLastReading',
  'wholeNumber',
  'afterToday',
  'bothOrNeither',
  'noRepeats',
  'requiredForBasis',
  'onlyForBasis',
  'positiveSum',
  'nonNegativeSum',
  'atLeastOpenBalance',
  'statusChange',
  'photoNotUsable',
  'wrongPassword',
  'invalidTimeZone',
  'nothingOverdue',
  'invoiceNotOpen',
  'currencyMismatch',
  'noIban',
  'noInvoicesInPeriod',
  'bankNotConfigured',
  'alreadyReviewed',
  'missingColumn',
  'noRows',
  'tooManyRows',
  'repeatsRow',
  'unreadableFile',
] as const;
export type OwnFieldCode = (typeof OWN_FIELD_CODES)[number];

/** Why a change conflicts with what is stored; the web app words each by its `Errors.conflicts` message. */
export const CONFLICT_REASONS = [
  'alreadyOnTeam',
  'teamInvitationWaiting',
  'lastAdmin',
  'apartmentNumberTaken',
  'apartmentHasInvoices',
  'buildingHasInvoices',
  'meterHasReadings',
  'importedMeanwhile',
  'entryAlreadyHandled',
  'accountCreatedMeanwhile',
  'residentInvitationWaiting',
  'demandOpenAlready',
  'demandNotOpen',
  'demandSentAlready',
  'noResidentsToEmail',
] as const;
export type ConflictReason = (typeof CONFLICT_REASONS)[number];
