import { Client, Pool, type Dispatcher } from "undici";

/**
 * A connection that tells the pool the truth about a request it refused.
 *
 * undici (7.x) builds each request inside `Client.dispatch`; when that throws (a header value HTTP
 * does not allow, a header undici keeps for itself), the request fails through its handler and
 * `dispatch` returns false: the value that otherwise means "busy: wait for my 'drain'". The pool
 * then waits for a 'drain' that an idle connection never emits, so each refusal takes one of its
 * connections for good; once all are taken, every request waits in the pool's own queue, where
 * its AbortSignal is not heard either (the enquiry hangs past every timeout). A request that was
 * refused, not queued, is answered "not busy" here, and the connection stays in use.
 */
class RefusalAwareClient extends Client {
  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const queued = this.stats.size;
    const accepted = super.dispatch(options, handler);
    if (accepted || this.closed || this.destroyed) return accepted;
    // Nothing was queued: the request was refused (and has already failed), which is not backpressure.
    return this.stats.size === queued;
  }
}

/** An undici keep-alive pool whose connections no refused request can use up (see {@link RefusalAwareClient}). */
export function refusalAwarePool(origin: string, options: Pool.Options = {}): Pool {
  return new Pool(origin, { ...options, factory: (url, clientOptions) => new RefusalAwareClient(url, clientOptions) });
}

/**
 * A request undici refused to send (it never left the process): `not sent: invalid authorization
 * header`, naming the header, never its value; undefined for any other error. Sending it again
 * would be refused again.
 */
export function refusedRequest(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code !== "UND_ERR_INVALID_ARG" && code !== "UND_ERR_NOT_SUPPORTED") return undefined;
  const message = error instanceof Error ? error.message : "";
  // undici's own words when they name a header ("invalid x-target-environment header"); its code otherwise.
  return /^(invalid [!#$%&'*+.^_`|~0-9A-Za-z-]{1,64} header|invalid header key|[a-z-]{1,32} header not supported)$/.test(message) ? `not sent: ${message}` : `not sent: the HTTP client refused it (${code})`;
}

/**
 * `promise`, or a rejection with the signal's reason as soon as it aborts: undici does not hear a
 * request's signal while the request waits for a connection (queued in the pool, or while its
 * connection is still being made), so a deadline is kept here, whatever the library does. A
 * result that comes after is dropped (its body destroyed, so the connection is not held).
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal, discard?: (late: T) => void): Promise<T> {
  if (signal.aborted) {
    promise.then((late) => discard?.(late), () => undefined);
    return Promise.reject(signal.reason as Error);
  }
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const onAbort = () => {
      settled = true;
      reject(signal.reason as Error);
    };
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        if (settled) discard?.(value);
        else resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        // A failure after the deadline is no one's news: the caller has its answer.
        if (!settled) reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
