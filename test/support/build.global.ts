import { execFileSync } from "node:child_process";
import { REPO_ROOT } from "./bot-process.ts";

/** The end-to-end tests run the bot as `npm start` does: from the compiled bundle, built once here. */
export default function setup(): void {
  execFileSync("npm", ["run", "build", "--silent"], { cwd: REPO_ROOT, stdio: "inherit" });
}
