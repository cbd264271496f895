import type { Tallies } from "../state/ports.ts";

export interface HealthActs {
  /** The state store's tallies (only the provider's health uses them), counted in the current act. */
  tallies: Tallies;
  /** Starts a new act: from now on the health figures hold only what happens in it. */
  next(): void;
}

/**
 * The demo plays the provider's trouble as acts: each `/trouble` starts one, and the provider is
 * judged only on the enquiries made since. The real judgement looks at the last 5 minutes of
 * minute tallies, so in a demo the checks made before (or the last act's errors) would outweigh
 * the few made now: `/trouble errors` would show 🟠 or nothing, and `/trouble none` would stay in
 * trouble for minutes. Keeping each act's tallies under keys of their own gives the same rules a
 * fresh window, whatever was played before; the provider's state itself carries on from act to act,
 * so its changes are announced as they would be.
 */
export function healthActs(tallies: Tallies): HealthActs {
  let act = 0;
  const prefix = () => `demo-act-${act}:`;
  return {
    tallies: {
      add: (additions) => {
        const at = prefix();
        return tallies.add(additions.map((addition) => ({ ...addition, key: at + addition.key })));
      },
      async read(keys) {
        const at = prefix();
        const read = await tallies.read(keys.map((key) => at + key));
        return new Map([...read].map(([key, counts]) => [key.slice(at.length), counts]));
      },
      countDistinct: (keys) => {
        const at = prefix();
        return tallies.countDistinct(keys.map((key) => at + key));
      },
    },
    next: () => void act++,
  };
}
