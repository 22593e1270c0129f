import type { DbExecutor } from '@/db/client';
import { logger } from '@/server/logger';
import { uuidFromKey } from './ids';
import {
  buildExecutionBody,
  errorText,
  interpretResponse,
  retryDelayMs,
  readSteps,
  StepMemo,
  type Outcome,
  type SerializedError,
  type StoredEvent,
} from './protocol';
import type { EmbeddedRegistry, RegisteredFunction } from './registry';
import { notifyRunsEnqueued } from './signals';
import { insertRuns, updateOwnedRun, type FunctionRun, type RunPatch } from './store';

export type Clock = () => Date;

export type ExecutorDeps = {
  db: DbExecutor;
  registry: EmbeddedRegistry;
  clock: Clock;
  /** How long a claim holds; renewed while the run works. */
  lockMs: number;
  /** Set when the process shuts down: the run is handed back at its next step boundary. */
  stopping?: () => boolean;
};

export type RunResult = 'completed' | 'failed' | 'pending' | 'lost';

/** Handler calls per claim before the run goes back to the queue, so one long run cannot hog a worker. */
const MAX_CALLS_PER_CLAIM = 500;

/**
 * A claimed run's lease. Writes are serialized (the heartbeat and the executor share it) and fenced by
 * the lockedUntil token: once another worker has taken the run over, nothing more is written.
 */
class Lease {
  private chain: Promise<unknown> = Promise.resolve();
  lost = false;

  constructor(
    private readonly deps: ExecutorDeps,
    readonly runId: string,
    private token: Date,
  ) {}

  write(patch: Omit<RunPatch, 'lockedUntil'>, release: boolean): Promise<boolean> {
    const next = this.chain.then(async () => {
      if (this.lost) return false;
      const lockedUntil = release ? null : new Date(this.deps.clock().getTime() + this.deps.lockMs);
      const ok = await updateOwnedRun(this.deps.db, this.runId, this.token, { ...patch, lockedUntil });
      if (!ok) this.lost = true;
      else if (lockedUntil) this.token = lockedUntil;
      return ok;
    });
    this.chain = next.catch(() => undefined);
    return next;
  }
}

/** Drives one claimed run: calls the serve handler with the accumulated state until it completes, sleeps, retries or fails. */
export async function executeRun(run: FunctionRun, deps: ExecutorDeps): Promise<RunResult> {
  const lease = new Lease(deps, run.id, run.lockedUntil!);
  const fn = deps.registry.functions.get(run.functionId);
  if (!fn) {
    await lease.write({ status: 'failed', error: `Function "${run.functionId}" is not served by this app` }, true);
    return 'failed';
  }
  const event = run.event as StoredEvent;
  const memo = new StepMemo(readSteps(run.steps));
  let attempt = run.attempt;
  let planned: string | null = null;
  const heartbeat = setInterval(() => {
    lease.write({}, false).catch((err) => logger.warn('embedded jobs: lease renewal failed', { runId: run.id, err }));
  }, Math.max(1000, deps.lockMs / 3));
  heartbeat.unref?.();

  const done = async (patch: Omit<RunPatch, 'lockedUntil'>, result: RunResult): Promise<RunResult> =>
    (await lease.write(patch, true)) ? result : 'lost';

  try {
    for (let call = 0; call < MAX_CALLS_PER_CLAIM && !deps.stopping?.(); call++) {
      const outcome = await callHandler(deps, fn, run.id, event, memo, attempt, planned);
      planned = null;
      switch (outcome.kind) {
        case 'progress':
          memo.add(outcome.steps);
          attempt = 0;
          if (!(await lease.write({ appendSteps: outcome.steps, attempt, error: null }, false))) return 'lost';
          continue;
        case 'planned':
          planned = outcome.stepId;
          continue;
        case 'sleep':
          memo.add(outcome.steps);
          return done({ status: 'pending', appendSteps: outcome.steps, attempt: 0, runAfter: outcome.until, error: null }, 'pending');
        case 'retry': {
          const next = attempt + 1;
          if (next >= fn.maxAttempts) return fail(deps, lease, fn, run, event, outcome.error);
          const runAfter = outcome.retryAt ?? new Date(deps.clock().getTime() + retryDelayMs(next));
          logger.warn('embedded jobs: run will be retried', { runId: run.id, functionId: fn.id, attempt: next, error: errorText(outcome.error) });
          return done({ status: 'pending', attempt: next, runAfter, error: errorText(outcome.error) }, 'pending');
        }
        case 'failed':
          return fail(deps, lease, fn, run, event, outcome.error);
        case 'completed':
          logger.info('embedded jobs: run completed', { runId: run.id, functionId: fn.id });
          return done({ status: 'completed', output: outcome.output, error: null }, 'completed');
      }
    }
    // Shutting down, or give other runs a turn: the state so far is saved and the run is due again at once.
    return done({ status: 'pending', attempt, runAfter: deps.clock() }, 'pending');
  } finally {
    clearInterval(heartbeat);
  }
}

async function callHandler(
  deps: ExecutorDeps,
  fn: RegisteredFunction,
  runId: string,
  event: StoredEvent,
  memo: StepMemo,
  attempt: number,
  planned: string | null,
): Promise<Outcome> {
  const url = new URL('http://embedded.invalid/api/inngest');
  url.searchParams.set('fnId', fn.id);
  url.searchParams.set('stepId', planned ?? 'step');
  const body = buildExecutionBody({ runId, event, memo, attempt, maxAttempts: fn.maxAttempts });
  try {
    // In-process: a Request object straight into the SDK's handler, no network.
    const res = await deps.registry.handler(
      new Request(url, {
        method: 'POST',
        // The SDK's web handler builds its URL with the Host header.
        headers: { 'content-type': 'application/json', host: url.host },
        body: JSON.stringify(body),
      }),
    );
    return interpretResponse({ status: res.status, headers: res.headers, body: await res.text() }, deps.clock());
  } catch (err) {
    return { kind: 'retry', error: { name: 'HandlerError', message: err instanceof Error ? err.message : String(err) }, retryAt: null };
  }
}

async function fail(
  deps: ExecutorDeps,
  lease: Lease,
  fn: RegisteredFunction,
  run: FunctionRun,
  event: StoredEvent,
  error: SerializedError,
): Promise<RunResult> {
  logger.error('embedded jobs: run failed', { runId: run.id, functionId: fn.id, error: errorText(error) });
  if (fn.failureHandlerId && deps.registry.functions.has(fn.failureHandlerId)) {
    // Enqueued before the run is marked failed, with an id derived from the run: a crash in between
    // fails the run again later and inserts nothing twice. The payload is Inngest's inngest/function.failed.
    const now = deps.clock();
    const failure: StoredEvent = {
      id: uuidFromKey(`failure-event:${run.id}`),
      name: 'inngest/function.failed',
      data: { function_id: fn.id, run_id: run.id, error, event },
      ts: now.getTime(),
    };
    await insertRuns(deps.db, [{ id: uuidFromKey(`failure:${run.id}`), functionId: fn.failureHandlerId, event: failure, runAfter: now }]);
    notifyRunsEnqueued();
  }
  if (!(await lease.write({ status: 'failed', error: errorText(error) }, true))) return 'lost';
  return 'failed';
}
