import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { isGroupAlive, signalGroup, spawnGroup } from "./child-processes.ts";

/** Debian's chromium (`.ci/run` installs it when missing); playwright-core drives it and downloads no browser. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/**
 * Tests that need it run wherever it is, and always under CI (CI=true: .ci/run installs it, and its
 * absence fails the test rather than skipping it); elsewhere they are skipped, with one visible line.
 */
export const chromiumMissing = !existsSync(CHROMIUM_PATH) && process.env.CI !== "true";
if (chromiumMissing) process.stderr.write(`SKIPPED browser checks: ${CHROMIUM_PATH} is missing. Install Debian's chromium (apt-get install chromium) to run them.\n`);

const ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // Containers give /dev/shm 64 MB, too little for a renderer.
  "--disable-dev-shm-usage",
  "--remote-debugging-address=127.0.0.1",
  "--remote-debugging-port=0",
];

export interface RunningChromium {
  browser: Browser;
  /** Closes the browser and stops its whole process group (renderers, zygote, GPU process), killing what lingers. */
  stop(): Promise<void>;
}

/**
 * Starts chromium in a process group of its own (recorded, so the test run kills it even when a test
 * fails before stopping it) and connects playwright to it over the DevTools protocol, on 127.0.0.1.
 */
export async function startChromium(): Promise<RunningChromium> {
  const profile = mkdtempSync(join(tmpdir(), "chromium-profile-"));
  const child = spawnGroup(CHROMIUM_PATH, [...ARGS, `--user-data-dir=${profile}`, "about:blank"], { stdio: ["ignore", "ignore", "pipe"] });
  const stop = async (browser?: Browser) => {
    await browser?.close().catch(() => undefined);
    signalGroup(child.pid, "SIGTERM");
    const deadline = Date.now() + 3_000;
    while (child.pid !== undefined && isGroupAlive(child.pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    signalGroup(child.pid, "SIGKILL");
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    const endpoint = await new Promise<string>((resolve, reject) => {
      let said = "";
      const timer = setTimeout(() => reject(new Error(`chromium did not open its DevTools port in 20 s: ${said.slice(-2_000)}`)), 20_000);
      child.stderr?.on("data", (chunk: Buffer) => {
        said += chunk.toString();
        const found = /DevTools listening on (ws:\/\/\S+)/.exec(said);
        if (found?.[1]) {
          clearTimeout(timer);
          resolve(found[1]);
        }
      });
      child.once("error", reject);
      child.once("exit", (code) => reject(new Error(`chromium exited (${code}) before it listened: ${said.slice(-2_000)}`)));
    });
    const browser = await chromium.connectOverCDP(endpoint);
    return { browser, stop: () => stop(browser) };
  } catch (error) {
    await stop();
    throw error;
  }
}
