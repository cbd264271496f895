import { parseArgs } from "node:util";
import { SCENARIOS } from "./scenarios.ts";
import { startSandbox, TROUBLE_MODES } from "./server.ts";
import { SANDBOX_TOKEN } from "./token.ts";
import { TOKEN_CONTROL_PATH, TOKEN_ENDPOINT_MODES, TOKEN_ENDPOINT_PATH } from "./token-endpoint.ts";

/**
 * `npm run sandbox`: the enquiry API stand-in on its own, so that a real Telegram bot can be
 * tried before the provider's credentials exist.
 */
const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8787" },
    token: { type: "string", default: SANDBOX_TOKEN },
    latency: { type: "string", default: "0" },
    "client-id": { type: "string", default: "sandbox-client" },
    "client-secret": { type: "string", default: "sandbox-secret" },
    "token-lifetime": { type: "string", default: "300" },
  },
});

const sandbox = await startSandbox({
  token: values.token,
  port: Number(values.port),
  latencyMs: Number(values.latency),
  tokenEndpoint: { clientId: values["client-id"], clientSecret: values["client-secret"], lifetimeSeconds: Number(values["token-lifetime"]) },
});

process.stdout.write(
  [
    `Enquiry API sandbox listening on ${sandbox.url}`,
    "",
    "Point the bot at it (in .env):",
    `  ENQUIRY_BASE_URL=${sandbox.url}`,
    `  ENQUIRY_TOKEN=${values.token}`,
    "",
    `Or let the bot obtain its own tokens (OAuth 2.0 client credentials; each lives ${values["token-lifetime"]} s, --token-lifetime):`,
    `  ENQUIRY_BASE_URL=${sandbox.url}`,
    `  ENQUIRY_TOKEN_URL=${sandbox.url}${TOKEN_ENDPOINT_PATH}`,
    `  ENQUIRY_CLIENT_ID=${values["client-id"]}`,
    `  ENQUIRY_CLIENT_SECRET=${values["client-secret"]}`,
    "",
    "Make the token endpoint refuse the credentials (and back with normal):",
    `  curl -X POST ${sandbox.url}${TOKEN_CONTROL_PATH} -H 'authorization: Bearer ${values.token}' -H 'content-type: application/json' -d '{"mode":"refuse"}'`,
    ...Object.entries(TOKEN_ENDPOINT_MODES).map(([mode, meaning]) => `  ${mode.padEnd(10)} ${meaning}`),
    "",
    "Example IDs (COL- for /collection, AIR- for /airtime, ANY- for both; add any suffix, e.g. COL-SUCCESS-42):",
    ...Object.entries(SCENARIOS).map(([name, meaning]) => `  COL-${name.padEnd(10)} ${meaning}`),
    "  anything else  HTTP 404: not found",
    "",
    "Make the whole provider degrade, to try /health and its alerts (and recover with mode none):",
    `  curl -X POST ${sandbox.url}/sandbox/trouble -H 'authorization: Bearer ${values.token}' -H 'content-type: application/json' -d '{"mode":"errors"}'`,
    ...Object.entries(TROUBLE_MODES).map(([mode, meaning]) => `  ${mode.padEnd(10)} ${meaning}`),
    `  add "kinds":["collection"] to trouble one kind only`,
    "",
    "Ctrl+C stops it.",
    "",
  ].join("\n"),
);

const stop = () => void sandbox.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
