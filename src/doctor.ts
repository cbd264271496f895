import dotenv from "dotenv";
import { runDoctor } from "./ops/doctor/run-doctor.ts";

// `npm run doctor`: the same .env and environment as `npm start`, checked line by line.
dotenv.config({ quiet: true });
// The reader went away (`npm run doctor | head -3`): nothing more to say, quietly (npm would print
// an error of its own for any other status), rather than a stack trace about a broken pipe.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
  process.exit(0);
});
process.stdout.write("Checking what the bot needs, with the configuration `npm start` would use (.env and the environment)…\n");
const code = await runDoctor(process.env, { write: (line) => process.stdout.write(`${line}\n`) });
// Keep-alive sockets would hold the process open a while: every check is over, so it ends now.
process.exit(code);
