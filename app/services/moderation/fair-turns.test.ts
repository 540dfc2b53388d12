import { describe, expect, it } from "vitest";
import { FairTurns } from "./fair-turns";

/** Simulates runs that each need `slices` turns; returns the order in which accounts were served. */
async function serve(runs: Array<{ account: string; slices: number }>): Promise<string[]> {
  const turns = new FairTurns();
  const served: string[] = [];
  await Promise.all(
    runs.map(async ({ account, slices }) => {
      for (let s = 0; s < slices; s++) {
        await turns.acquire(account);
        served.push(account);
        // One slice of work, then the turn goes back (as fairPacer does).
        await Promise.resolve();
        turns.release();
      }
    }),
  );
  return served;
}

describe("tours du processus d'analyse partagés entre comptes (issue 23, point 6)", () => {
  it("un compte qui lance plusieurs analyses n'a qu'un tour par ronde : l'autre compte passe tôt", async () => {
    const served = await serve([
      { account: "gros", slices: 20 },
      { account: "gros", slices: 20 },
      { account: "gros", slices: 20 },
      { account: "petit", slices: 3 },
    ]);
    // The small account's three slices are served within its first rounds, not after 60 slices.
    const lastSmall = served.lastIndexOf("petit");
    expect(lastSmall).toBeLessThan(8);
    expect(served.filter((a) => a === "gros")).toHaveLength(60);
  });

  it("libère le processus quand plus personne n'attend", async () => {
    const turns = new FairTurns();
    await turns.acquire("a");
    turns.release();
    let got = false;
    await turns.acquire("b").then(() => (got = true));
    expect(got).toBe(true);
  });
});
