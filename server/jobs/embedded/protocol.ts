/**
 * The executor side of the Inngest HTTP protocol, as spoken by the SDK's serve handler (inngest 4.x,
 * see node_modules/inngest/components/InngestCommHandler.js): we POST the event, the memoized step
 * state and a context; the SDK replays the function, runs at most one new step and answers
 *   200 + the function's return value                 → the run is complete,
 *   206 + [op, ...]                                    → a step ran (StepRun/StepError/StepFailed) or
 *                                                        new steps were found (Sleep, StepPlanned, ...),
 *   400/500 + a serialized error, X-Inngest-No-Retry   → the function threw.
 * Pure functions only: the driver around them does the I/O.
 */

export type SerializedError = { name: string; message: string; stack?: string } & Record<string, unknown>;

/** One memoized step, in completion order (jsonb keeps arrays in order but not object keys). */
export type StepRecord = { id: string; data: unknown } | { id: string; error: SerializedError };

export type StoredEvent = { id: string; name: string; data: Record<string, unknown>; ts: number } & Record<string, unknown>;

export type Outcome =
  /** Step results to memoize; call again at once. */
  | { kind: 'progress'; steps: StepRecord[] }
  /** The SDK planned a step without running it (parallelism); ask it to run this one. */
  | { kind: 'planned'; stepId: string }
  /** Memoize these (sleeps count as done when they are replayed) and continue at `until`. */
  | { kind: 'sleep'; steps: StepRecord[]; until: Date }
  | { kind: 'retry'; error: SerializedError; retryAt: Date | null }
  | { kind: 'failed'; error: SerializedError }
  | { kind: 'completed'; output: unknown };

export const NO_RETRY_HEADER = 'x-inngest-no-retry';
export const RETRY_AFTER_HEADER = 'retry-after';

/** function_runs.steps defaults to `{}`; the driver writes an array of StepRecord. */
export function readSteps(raw: unknown): StepRecord[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter((r): r is StepRecord => typeof r === 'object' && r !== null && typeof (r as { id?: unknown }).id === 'string');
}

/**
 * A run's memoized steps, kept as the SDK is sent them (by id, with the stack in completion order) and
 * added to as steps finish: a call costs no rebuilding of everything memoized before it.
 */
export class StepMemo {
  readonly byId: Record<string, unknown> = {};
  readonly stack: string[] = [];

  constructor(records: StepRecord[] = []) {
    this.add(records);
  }

  add(records: StepRecord[]): void {
    for (const s of records) {
      this.byId[s.id] = 'error' in s ? { type: 'error', error: s.error } : { type: 'data', data: s.data ?? null };
      this.stack.push(s.id);
    }
  }
}

export function buildExecutionBody(args: { runId: string; event: StoredEvent; memo: StepMemo; attempt: number; maxAttempts: number }): Record<string, unknown> {
  const { stack } = args.memo;
  return {
    event: args.event,
    events: [args.event],
    steps: args.memo.byId,
    ctx: {
      run_id: args.runId,
      attempt: args.attempt,
      max_attempts: args.maxAttempts,
      // No fn_id: without it the SDK does not try to checkpoint to an Inngest API we do not have.
      disable_immediate_execution: false,
      use_api: false,
      stack: { stack, current: stack.length - 1 },
    },
  };
}

type Op = { id?: unknown; op?: unknown; name?: unknown; data?: unknown; error?: unknown };

const RESULT_OPS = new Set(['StepRun', 'Step']);

export function interpretResponse(res: { status: number; headers: Headers; body: string }, now: Date): Outcome {
  const parsed = parseJson(res.body);
  if (res.status === 200) return { kind: 'completed', output: parsed ?? null };

  if (res.status === 206) {
    const ops: Op[] = (Array.isArray(parsed) ? parsed : [parsed]).filter((o): o is Op => typeof o === 'object' && o !== null);
    const results: StepRecord[] = [];
    const sleeps: StepRecord[] = [];
    let until: Date | null = null;
    let planned: string | null = null;
    for (const op of ops) {
      const id = typeof op.id === 'string' ? op.id : '';
      const code = typeof op.op === 'string' ? op.op : '';
      if (RESULT_OPS.has(code)) results.push({ id, data: op.data ?? null });
      else if (code === 'StepFailed') results.push({ id, error: toError(op.error) });
      else if (code === 'StepError') return { kind: 'retry', error: toError(op.error), retryAt: retryAfter(res.headers, now) };
      else if (code === 'RunComplete') return { kind: 'completed', output: op.data ?? null };
      else if (code === 'Sleep') {
        sleeps.push({ id, data: null });
        const wake = parseSleepTarget(typeof op.name === 'string' ? op.name : '', now);
        if (!until || wake > until) until = wake;
      } else if (code === 'StepPlanned') planned ??= id;
      else {
        return {
          kind: 'failed',
          error: { name: 'UnsupportedStepError', message: `The embedded job driver does not support "${code}" steps; use Inngest.` },
        };
      }
    }
    if (sleeps.length && until) return { kind: 'sleep', steps: [...results, ...sleeps], until };
    if (results.length) return { kind: 'progress', steps: results };
    if (planned) return { kind: 'planned', stepId: planned };
    return { kind: 'retry', error: { name: 'ProtocolError', message: 'Empty step response from the serve handler' }, retryAt: null };
  }

  const error = toError(parsed ?? res.body);
  const noRetry = res.headers.get(NO_RETRY_HEADER) === 'true' || res.status === 400;
  if (noRetry) return { kind: 'failed', error };
  return { kind: 'retry', error, retryAt: retryAfter(res.headers, now) };
}

/** `step.sleep` sends a duration like "1d2h30m10s"; `step.sleepUntil` an ISO instant. */
export function parseSleepTarget(name: string, now: Date): Date {
  const duration = /^(?:(\d+)w)?(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(name);
  if (duration) {
    const [w, d, h, m, s] = duration.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number];
    const ms = ((((w * 7 + d) * 24 + h) * 60 + m) * 60 + s) * 1000;
    return new Date(now.getTime() + ms);
  }
  const at = Date.parse(name);
  if (Number.isNaN(at)) throw new Error(`Cannot read the sleep target "${name}"`);
  return new Date(at);
}

/** Backoff before attempt `attempt` (1 = the first retry): 2 s, 8 s, 32 s, ~2 min, ~8.5 min, then 10 min, ±20 %. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(10 * 60_000, 2000 * 4 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

function retryAfter(headers: Headers, now: Date): Date | null {
  const raw = headers.get(RETRY_AFTER_HEADER);
  if (!raw) return null;
  if (/^\d+$/.test(raw)) return new Date(now.getTime() + Number(raw) * 1000);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : new Date(at);
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function toError(value: unknown): SerializedError {
  if (typeof value === 'object' && value !== null) {
    const v = value as Record<string, unknown>;
    const message = typeof v.message === 'string' ? v.message : typeof v.error === 'string' ? v.error : JSON.stringify(value);
    return { ...v, name: typeof v.name === 'string' ? v.name : 'Error', message };
  }
  return { name: 'Error', message: typeof value === 'string' && value ? value : 'Unknown error' };
}

export function errorText(error: SerializedError): string {
  return `${error.name}: ${error.message}`;
}
