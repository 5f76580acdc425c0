/**
 * Delay before a failed or abandoned job runs again: exponential from `baseMs`, capped at `maxMs`, with
 * ±`jitter` spread so jobs that failed together (a database hiccup) do not all retry in the same instant.
 */
export interface BackoffOptions {
  /** Delay after the first attempt; default 5 s. */
  baseMs: number;
  /** Upper bound; default 10 min. */
  maxMs: number;
  /** Relative spread 0–1; default 0.2. */
  jitter: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 5_000, maxMs: 600_000, jitter: 0.2 };

/** `attempt` is the number of attempts made so far (≥ 1). `random` is injectable for tests. */
export function retryDelayMs(
  attempt: number,
  options: BackoffOptions = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const exponent = Math.max(0, Math.min(Math.floor(attempt) - 1, 30));
  const raw = Math.min(options.maxMs, options.baseMs * 2 ** exponent);
  const spread = raw * options.jitter * (2 * random() - 1);
  return Math.max(0, Math.round(Math.min(options.maxMs, raw + spread)));
}
