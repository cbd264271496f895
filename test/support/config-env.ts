import { parseConfig } from "../../src/config/config.ts";

export const BOT_TOKEN = "123456789:AAH-test-token-never-sent-anywhere_0123";
export const minimal = {
  TELEGRAM_BOT_TOKEN: BOT_TOKEN,
  ENQUIRY_BASE_URL: "https://api.provider.example",
  ENQUIRY_TOKEN: "eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjF9.c2lnbmF0dXJl",
  ALLOWED_USER_IDS: "5001, 5002",
};

export function problems(env: Record<string, string | undefined>): string[] {
  const result = parseConfig(env);
  if (result.ok) throw new Error("expected configuration problems");
  return result.problems;
}
