import { startSandbox, type Sandbox, type SandboxOptions } from "../../src/payments/enquiry/sandbox/server.ts";
import { BOT_TOKEN } from "./bot-harness.ts";
import { USER } from "./updates.ts";

/** A provider a bot can be pointed at: where it answers, and the token it accepts. */
export interface Provider {
  url: string;
  token: string;
}

/** The sandbox, knowing its own token: what `baseEnv` points a bot at. */
export type TestSandbox = Sandbox & Provider;

export async function startTestSandbox(options: SandboxOptions): Promise<TestSandbox> {
  return Object.assign(await startSandbox(options), { token: options.token });
}

/** Where nothing listens: for a bot that must stop before it reaches Telegram or the provider. */
export const NOWHERE = "http://127.0.0.1:1";

/**
 * The environment of a bot process under test: Telegram's stand-in (or nowhere, without one), the
 * provider, USER allowed (as createTestBot allows it), then `extra`. startBotProcess blanks every
 * other variable the bot reads, so the rest is what an operator who sets nothing else gets.
 */
export function baseEnv(telegram: { apiRoot: string } | undefined, provider: Provider, extra: Record<string, string> = {}): Record<string, string> {
  return {
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    TELEGRAM_API_ROOT: telegram?.apiRoot ?? NOWHERE,
    ENQUIRY_BASE_URL: provider.url,
    ENQUIRY_TOKEN: provider.token,
    ALLOWED_USER_IDS: String(USER.id),
    ...extra,
  };
}

/**
 * What makes a bot obtain its own service token from the sandbox's token endpoint (client
 * credentials), as `extra` to baseEnv: ENQUIRY_TOKEN blank, since a token comes from one way only.
 */
export function clientCredentialsEnv(sandbox: { url: string }, client: { clientId: string; clientSecret: string }): Record<string, string> {
  return { ENQUIRY_TOKEN: "", ENQUIRY_TOKEN_URL: `${sandbox.url}/oauth/token`, ENQUIRY_CLIENT_ID: client.clientId, ENQUIRY_CLIENT_SECRET: client.clientSecret };
}
