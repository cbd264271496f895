import { execFile } from "node:child_process";
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createMetrics } from "../../src/ops/metrics.ts";

/**
 * The Prometheus rules and the Grafana dashboard in deploy/ name the bot's metrics by hand: every
 * name they use must be one the bot exports, the dashboard must be importable, and the rules must
 * pass promtool (their syntax and their unit tests, deploy/prometheus/alerts.test.yml).
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const RULES = "deploy/prometheus/alerts.yml";
const RULE_TESTS = "deploy/prometheus/alerts.test.yml";
const DASHBOARD = "deploy/grafana/dashboard.json";
/** Series that Prometheus makes itself rather than scrape from the bot. */
const PROMETHEUS_OWN = new Set(["up"]);
const PROMQL_WORDS = new Set(["by", "without", "on", "ignoring", "group_left", "group_right", "and", "or", "unless", "bool", "offset", "inf", "nan"]);

/**
 * The metric names a PromQL expression reads: its identifiers, once strings, label matchers, ranges
 * and grouping labels are set aside, that are neither a function call nor a keyword.
 */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""')
    .replace(/\{[^}]*\}/g, "")
    .replace(/\[[^\]]*\]/g, "")
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, " ");
  return [...bare.matchAll(/(?<![\w.:$])([a-zA-Z_:][\w:]*)(\s*\()?/g)]
    .filter((match) => match[2] === undefined && !PROMQL_WORDS.has((match[1] ?? "").toLowerCase()))
    .map((match) => match[1] ?? "");
}

/** The `expr` of every rule in a rules file: one line, or a YAML block scalar (`|`, `>-`...). */
function ruleExpressions(yaml: string): string[] {
  const lines = yaml.split("\n");
  const exprs: string[] = [];
  lines.forEach((line, index) => {
    const found = /^(\s*)expr:\s*(.*?)\s*$/.exec(line);
    if (!found) return;
    const [, indent = "", value = ""] = found;
    if (!/^[|>]/.test(value)) {
      exprs.push(value.replace(/^'(.*)'$/, (_, inner: string) => inner.replace(/''/g, "'")).replace(/^"(.*)"$/, "$1"));
      return;
    }
    const block: string[] = [];
    for (const next of lines.slice(index + 1)) {
      if (next.trim() !== "" && next.search(/\S/) <= indent.length) break;
      block.push(next.trim());
    }
    exprs.push(block.join(" "));
  });
  return exprs;
}

interface Target {
  expr?: unknown;
}
interface Panel {
  type?: unknown;
  title?: unknown;
  datasource?: { type?: unknown; uid?: unknown } | null;
  targets?: Target[];
}
interface Dashboard {
  title?: unknown;
  uid?: unknown;
  panels?: Panel[];
  templating?: { list?: { name?: unknown; type?: unknown; query?: unknown }[] };
}

const rulesText = readFileSync(join(ROOT, RULES), "utf8");
const alertExprs = ruleExpressions(rulesText);
const dashboard = JSON.parse(readFileSync(join(ROOT, DASHBOARD), "utf8")) as Dashboard;
const panels = dashboard.panels ?? [];
const panelExprs = panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr)).filter((expr) => typeof expr === "string");
/** The selectors inside the template variables' `label_values(selector, label)` queries. */
const variableExprs = (dashboard.templating?.list ?? [])
  .map((variable) => (typeof variable.query === "string" ? /^label_values\((.+),\s*\w+\)$/.exec(variable.query)?.[1] : undefined))
  .filter((expr) => expr !== undefined);

async function exportedNames(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const metric of await createMetrics().registry.getMetricsAsJSON()) {
    names.add(metric.name);
    const type = String(metric.type);
    if (type === "histogram") for (const suffix of ["_bucket", "_sum", "_count"]) names.add(metric.name + suffix);
    if (type === "summary") for (const suffix of ["_sum", "_count"]) names.add(metric.name + suffix);
  }
  return names;
}

describe("the metrics that the alerting rules and the dashboard read", () => {
  it("finds an expression in every alerting rule", () => {
    const alerts = rulesText.match(/^\s*- alert:/gm) ?? [];
    expect(alerts.length).toBeGreaterThanOrEqual(9);
    expect(alertExprs).toHaveLength(alerts.length);
    expect(alertExprs.every((expr) => expr.length > 0)).toBe(true);
  });

  it("reads only metrics that the bot exports (and Prometheus's own `up`)", async () => {
    const exported = await exportedNames();
    // The extraction itself must see something, or the check below would pass on nothing.
    expect(metricNames('sum by (le) (rate(a_b_bucket{x="y{"}[5m])) / on (k) group_left (z) c offset 1m > 1e3')).toEqual(["a_b_bucket", "c"]);

    for (const [source, exprs] of [[RULES, alertExprs], [DASHBOARD, [...panelExprs, ...variableExprs]]] as const) {
      const used = new Set(exprs.flatMap(metricNames));
      expect(used, source).toContain("payment_bot_provider_state");
      const unknown = [...used].filter((name) => !exported.has(name) && !PROMETHEUS_OWN.has(name));
      expect(unknown, `${source} reads metrics the bot does not export`).toEqual([]);
    }
    const used = new Set([...alertExprs, ...panelExprs].flatMap(metricNames));
    for (const name of ["payment_bot_service_token_expiry_timestamp_seconds", "payment_bot_upstream_request_duration_seconds_bucket", "nodejs_eventloop_lag_seconds", "up"]) {
      expect(used).toContain(name);
    }
  });
});

describe("the Grafana dashboard", () => {
  it("is importable: a title, a uid and a Prometheus data source variable", () => {
    expect(dashboard).toMatchObject({ title: "Payment status bot", uid: expect.any(String) });
    expect(dashboard.templating?.list).toContainEqual(expect.objectContaining({ name: "datasource", type: "datasource", query: "prometheus" }));
  });

  it("gives every panel a data source and at least one query", () => {
    expect(panels.length).toBeGreaterThanOrEqual(10);
    for (const panel of panels) {
      const title = typeof panel.title === "string" ? panel.title : JSON.stringify(panel.title);
      expect(panel.datasource, title).toMatchObject({ type: "prometheus", uid: "${datasource}" });
      expect(panel.targets?.length ?? 0, title).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) expect(target.expr, title).toEqual(expect.stringMatching(/\S/));
    }
  });
});

/** promtool's path, or undefined when it is not on PATH. */
function findOnPath(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(delimiter).filter(Boolean)) {
    try {
      accessSync(join(dir, command), constants.X_OK);
      return join(dir, command);
    } catch {
      // Not in this directory.
    }
  }
  return undefined;
}

const promtool = findOnPath("promtool");
// In CI (CI=true) promtool is required (.ci/run installs it), so its absence fails the run; elsewhere
// these checks are skipped, with one visible line saying why.
const promtoolSkip = promtool === undefined && process.env.CI !== "true" ? "promtool is not on PATH" : undefined;
if (promtoolSkip !== undefined) {
  process.stderr.write(`SKIPPED promtool checks: ${promtoolSkip}. Install Prometheus's promtool (Debian: apt-get install prometheus) to run them.\n`);
}
const whySkipped = promtoolSkip === undefined ? "" : ` (skipped: ${promtoolSkip})`;

function runPromtool(args: string[]): Promise<{ code: number | string; output: string }> {
  if (promtool === undefined) {
    throw new Error("promtool is not on PATH: it is required in CI (CI=true). Install it (apt-get install prometheus), as .ci/run does.");
  }
  return new Promise((done) => {
    execFile(promtool, args, { cwd: ROOT, timeout: 30_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : (error.code ?? (error.killed ? "killed (timeout)" : "failed"));
      done({ code, output: `promtool ${args.join(" ")}\n${stdout}${stderr}` });
    });
  });
}

describe("promtool", () => {
  it.skipIf(promtoolSkip !== undefined)(`accepts the alerting rules (promtool check rules)${whySkipped}`, { timeout: 40_000 }, async () => {
    const result = await runPromtool(["check", "rules", RULES]);
    expect(result.code, result.output).toBe(0);
  });

  it.skipIf(promtoolSkip !== undefined)(`passes the rules' unit tests (promtool test rules)${whySkipped}`, { timeout: 40_000 }, async () => {
    const result = await runPromtool(["test", "rules", RULE_TESTS]);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain("SUCCESS");
  });

  it.skipIf(promtoolSkip !== undefined)(`parses every query of the dashboard${whySkipped}`, { timeout: 40_000 }, async () => {
    // Grafana's variables replaced by values, each query checked as a recording rule (JSON is YAML).
    const rules = [...panelExprs, ...variableExprs].map((expr, index) => ({
      record: `dashboard:query_${index}`,
      expr: expr.replaceAll("$__rate_interval", "5m").replaceAll("$job", "payment-bot").replaceAll("$instance", ".*"),
    }));
    const dir = mkdtempSync(join(tmpdir(), "dashboard-queries-"));
    try {
      const file = join(dir, "queries.yml");
      writeFileSync(file, JSON.stringify({ groups: [{ name: "dashboard", rules }] }));
      const result = await runPromtool(["check", "rules", file]);
      expect(result.code, result.output).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
