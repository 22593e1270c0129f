import { describe, expect, it } from 'vitest';
import { buildExecutionBody, interpretResponse, parseSleepTarget, readSteps, retryDelayMs, StepMemo } from './protocol';

const now = new Date('2026-11-21T10:00:00.000Z');
const res = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers: new Headers(headers),
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('embedded protocol', () => {
  it('reads sleep durations and instants', () => {
    expect(parseSleepTarget('1h30m', now).toISOString()).toBe('2026-11-21T11:30:00.000Z');
    expect(parseSleepTarget('1w2d', now).toISOString()).toBe('2026-11-30T10:00:00.000Z');
    expect(parseSleepTarget('45s', now).toISOString()).toBe('2026-11-21T10:00:45.000Z');
    expect(parseSleepTarget('2026-12-01T00:00:00.000Z', now).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(() => parseSleepTarget('soon', now)).toThrow(/sleep target/);
  });

  it('turns answers into outcomes', () => {
    expect(interpretResponse(res(200, { ok: true }), now)).toEqual({ kind: 'completed', output: { ok: true } });
    expect(interpretResponse(res(206, [{ id: 'a', op: 'StepRun', data: 5 }]), now)).toEqual({
      kind: 'progress',
      steps: [{ id: 'a', data: 5 }],
    });
    expect(interpretResponse(res(206, [{ id: 'b', op: 'Sleep', name: '10m' }]), now)).toEqual({
      kind: 'sleep',
      steps: [{ id: 'b', data: null }],
      until: new Date('2026-11-21T10:10:00.000Z'),
    });
    expect(interpretResponse(res(206, [{ id: 'c', op: 'StepPlanned' }]), now)).toEqual({ kind: 'planned', stepId: 'c' });
    expect(
      interpretResponse(res(206, [{ id: 'd', op: 'StepFailed', error: { name: 'Error', message: 'gone' } }]), now),
    ).toEqual({ kind: 'progress', steps: [{ id: 'd', error: { name: 'Error', message: 'gone' } }] });
    expect(interpretResponse(res(206, [{ id: 'e', op: 'WaitForEvent' }]), now)).toMatchObject({
      kind: 'failed',
      error: { message: expect.stringContaining('WaitForEvent') },
    });
  });

  it('retries what may pass later and fails what will not', () => {
    const stepError = res(206, [{ id: 'a', op: 'StepError', error: { name: 'Error', message: 'flaky' } }], { 'retry-after': '30' });
    expect(interpretResponse(stepError, now)).toEqual({
      kind: 'retry',
      error: { name: 'Error', message: 'flaky' },
      retryAt: new Date('2026-11-21T10:00:30.000Z'),
    });
    const thrown = { name: 'TypeError', message: 'bad' };
    expect(interpretResponse(res(500, thrown, { 'x-inngest-no-retry': 'false' }), now)).toMatchObject({ kind: 'retry', retryAt: null });
    expect(interpretResponse(res(400, thrown, { 'x-inngest-no-retry': 'true' }), now)).toEqual({ kind: 'failed', error: thrown });
    expect(interpretResponse(res(500, 'not json'), now)).toMatchObject({ kind: 'retry', error: { message: 'not json' } });
  });

  it('sends memoized steps in completion order with the stack', () => {
    const body = buildExecutionBody({
      runId: 'r1',
      event: { id: 'e1', name: 'x/y', data: {}, ts: 1 },
      memo: new StepMemo([
        { id: 'b', data: 1 },
        { id: 'a', error: { name: 'Error', message: 'x' } },
      ]),
      attempt: 2,
      maxAttempts: 4,
    });
    expect(body).toMatchObject({
      steps: { b: { type: 'data', data: 1 }, a: { type: 'error', error: { message: 'x' } } },
      ctx: { run_id: 'r1', attempt: 2, max_attempts: 4, stack: { stack: ['b', 'a'], current: 1 } },
    });
    expect(readSteps({})).toEqual([]);
  });

  it('backs off exponentially up to ten minutes', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 9].map((a) => retryDelayMs(a, mid))).toEqual([2000, 8000, 32000, 128000, 512000, 600000, 600000]);
  });
});
