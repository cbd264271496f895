import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The fast loop for development (`npm run test:unit`): the tests that run in this process only
 * (handlers through grammY's transformers, the state contract, formatting, the client against a
 * local server). The real process end to end, faults played on it, the soak and the demo are in
 * `npm test`, which CI runs.
 */
export default defineConfig({
  test: {
    root: here(".."),
    include: ["test/**/*.test.ts"],
    exclude: [
      "test/e2e/**",
      "test/soak/**",
      "test/demo/**",
      // Fault tests that start the bot as a process.
      "test/faults/state-faults.test.ts",
      "test/faults/hostile-upload.test.ts",
      "test/faults/stranger-flood.test.ts",
      "test/app/process.test.ts",
      "test/support/child-processes.test.ts",
      // A master, a replica and a sentinel of its own.
      "test/state/sentinel-store.test.ts",
      // Runs npm run build, twice at once.
      "test/deploy/build.test.ts",
    ],
    maxWorkers: 2,
    globalSetup: [here("./support/child-processes.global.ts")],
    setupFiles: [here("./support/child-processes.setup.ts")],
  },
});
