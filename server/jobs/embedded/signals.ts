/** In-process wake-up: a send pokes idle workers instead of letting them wait for the next poll. */
type Listener = () => void;
const holder = globalThis as unknown as { __propertyBillingJobListeners?: Set<Listener> };
const listeners = (holder.__propertyBillingJobListeners ??= new Set());

export function onRunsEnqueued(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyRunsEnqueued(): void {
  for (const l of listeners) l();
}
