import { afterEach } from "vitest";
import { clientCredentialsToken, type ClientCredentialsToken, type ClientCredentialsTokenOptions, type TokenAlert } from "../../src/payments/service-token/client-credentials-token.ts";
import { createEnquiryClient, type EnquiryClient } from "../../src/payments/enquiry/client.ts";
import type { StateStore } from "../../src/state/ports.ts";
import { IN_MEMORY } from "../../src/state/sqlite/open-database.ts";
import { openSqliteStore } from "../../src/state/sqlite/sqlite-store.ts";
import { startEnquiryServer, startTokenServer, testTokenRequester, type EnquiryServer, type TokenServer } from "./token-servers.ts";

/** A clock the test moves forward: the manager's and the token requests' (timers still run in real time). */
export function skewedClock() {
  const clock = { skewMs: 0, now: () => Date.now() + clock.skewMs };
  return clock;
}

export interface TokenSetup {
  tokens: TokenServer;
  enquiries: EnquiryServer;
  token: ClientCredentialsToken;
  client: EnquiryClient;
  alerts: TokenAlert[];
  clock: ReturnType<typeof skewedClock>;
  store: StateStore;
}

/**
 * A token the bot obtains itself (client credentials), against a token endpoint and an enquiry
 * server of the test's own, on a clock the test moves: call it at the top of a test file; what
 * each test opens is closed after it.
 */
export function useTokenSetup() {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return { setup: (options: TokenSetupOptions) => setupToken(options, cleanups), cleanups };
}

export interface TokenSetupOptions {
  lifetimeSeconds: number | undefined;
  refusedRetryMs?: number;
  timeoutMs?: number;
  store?: StateStore;
  tokens?: TokenServer;
  enquiries?: EnquiryServer;
  instanceId?: string;
  onFailure?: NonNullable<ClientCredentialsTokenOptions["events"]>["onFailure"];
  /** Tokens of a second or two, watched renewed in real time: counted as they are (the bot counts under 30 s as 30 s). */
  shortestLifetimeMs?: number;
}

async function setupToken(options: TokenSetupOptions, cleanups: (() => Promise<void> | void)[]): Promise<TokenSetup> {
  const tokens = options.tokens ?? (await startTokenServer(options.lifetimeSeconds));
  const enquiries = options.enquiries ?? (await startEnquiryServer((token) => tokens.issued.includes(token)));
  if (!options.tokens) cleanups.push(() => tokens.close());
  if (!options.enquiries) cleanups.push(() => enquiries.close());
  const store = options.store ?? openSqliteStore({ path: IN_MEMORY, sweepIntervalMs: 0 });
  if (!options.store) cleanups.push(() => store.close());
  const clock = skewedClock();
  const requester = testTokenRequester(tokens, clock.now, options.timeoutMs, options.shortestLifetimeMs);
  const token = clientCredentialsToken({
    requester,
    kv: store.kv,
    leases: store.leases,
    credentialsKey: () => "test",
    instanceId: options.instanceId ?? "instance-a",
    now: clock.now,
    ...(options.refusedRetryMs === undefined ? {} : { refusedRetryMs: options.refusedRetryMs }),
    ...(options.onFailure ? { events: { onFailure: options.onFailure } } : {}),
    waitForOthersMs: 3_000,
  });
  const alerts: TokenAlert[] = [];
  token.onAlert((alert) => alerts.push(alert));
  const client = createEnquiryClient({ baseUrl: enquiries.url, token: () => token.current(), renewal: token, timeoutMs: 2_000, totalTimeoutMs: 5_000, retries: 1, connections: 64, backoffMs: 10 });
  cleanups.push(() => client.close(), () => requester.close(), () => token.close());
  return { tokens, enquiries, token, client, alerts, clock, store };
}

export async function until<T>(check: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting for the condition");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
