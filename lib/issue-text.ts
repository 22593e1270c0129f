import type { Translate } from '@/i18n/translator';

/**
 * What a refused value needs, in the reader's words: a zod issue (checked in the browser, `lib/schema-check`) or a
 * field error of the server's 422 that carries one's code and limits (`lib/trpc/errors`), by its code, from the
 * `FieldErrors` messages. The API's own English `message` is never shown.
 */
export type IssueLike = {
  code?: string;
  /** What was checked: 'string', 'number', 'array', 'date', … */
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: boolean;
  format?: string;
  divisor?: unknown;
};

export type IssueTextKey =
  | 'required'
  | 'tooShort'
  | 'tooLong'
  | 'atLeast'
  | 'above'
  | 'atMost'
  | 'below'
  | 'tooFew'
  | 'tooMany'
  | 'decimals'
  | 'invalidEmail'
  | 'invalidDate'
  | 'invalidUrl'
  | 'invalidFormat'
  | 'invalid';

const DATE_FORMATS = ['date', 'datetime', 'time', 'duration'];

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'bigint') return Number(value);
  return undefined;
}

/** The `FieldErrors` key of an issue and the values its message takes ({minimum}, {maximum}, {decimals}). */
export function issueTextKey(issue: IssueLike): { key: IssueTextKey; values?: Record<string, number> } {
  const minimum = asNumber(issue.minimum);
  const maximum = asNumber(issue.maximum);
  switch (issue.code) {
    case 'too_small':
      if (minimum === undefined) return { key: 'invalid' };
      if (issue.origin === 'string') return minimum <= 1 ? { key: 'required' } : { key: 'tooShort', values: { minimum } };
      if (issue.origin === 'array' || issue.origin === 'set') return { key: 'tooFew', values: { minimum } };
      if (issue.origin === 'number' || issue.origin === 'bigint') return { key: issue.inclusive === false ? 'above' : 'atLeast', values: { minimum } };
      return { key: 'invalid' };
    case 'too_big':
      if (maximum === undefined) return { key: 'invalid' };
      if (issue.origin === 'string') return { key: 'tooLong', values: { maximum } };
      if (issue.origin === 'array' || issue.origin === 'set') return { key: 'tooMany', values: { maximum } };
      if (issue.origin === 'number' || issue.origin === 'bigint') return { key: issue.inclusive === false ? 'below' : 'atMost', values: { maximum } };
      return { key: 'invalid' };
    case 'not_multiple_of': {
      // A step of 0.01 is "at most 2 decimals"; any other step is only "invalid".
      const divisor = asNumber(issue.divisor);
      const decimals = divisor && divisor < 1 ? Math.round(-Math.log10(divisor)) : undefined;
      return decimals !== undefined && Math.abs(10 ** -decimals - divisor!) < 1e-12 ? { key: 'decimals', values: { decimals } } : { key: 'invalid' };
    }
    case 'invalid_format':
      if (issue.format === 'email') return { key: 'invalidEmail' };
      if (issue.format && DATE_FORMATS.includes(issue.format)) return { key: 'invalidDate' };
      if (issue.format === 'url') return { key: 'invalidUrl' };
      return { key: 'invalidFormat' };
    default:
      return { key: 'invalid' };
  }
}

/** An issue as a sentence in the reader's language; `t` reads the `FieldErrors` messages. */
export function issueText(t: Translate, issue: IssueLike): string {
  const { key, values } = issueTextKey(issue);
  return t(key, values);
}
