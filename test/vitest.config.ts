import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  test: {
    root: here(".."),
    include: ["test/**/*.test.ts"],
    // Most files wait on processes and sockets, not the CPU: two at a time halves the run on two cores
    // without starving the timing checks.
    maxWorkers: 2,
    // Every process a test starts is recorded; each file stops what it left, and the run fails if anything survives.
    globalSetup: [here("./support/build.global.ts"), here("./support/child-processes.global.ts")],
    setupFiles: [here("./support/child-processes.setup.ts")],
  },
});
