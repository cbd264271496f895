/**
 * A moment several steps share: each waits for what is left of it, not for a period of its own,
 * so that steps one after another still end by the same time (shutdown's SHUTDOWN_GRACE_MS).
 */
export interface Deadline {
  /** Milliseconds left, never below 0. */
  left(): number;
}

export function deadlineIn(ms: number, now: () => number = () => performance.now()): Deadline {
  const at = now() + ms;
  return { left: () => Math.max(0, at - now()) };
}

/**
 * Waits for `work` for at most `ms`: true when it finished in time, false when it did not (a
 * failure in time is thrown). What is still running then goes on unwaited; the caller decides
 * what that means (at shutdown: it ends with the process).
 */
export async function finishedWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  if (!Number.isFinite(ms)) {
    await work;
    return true;
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([work.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}
