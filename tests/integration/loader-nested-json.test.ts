import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/_app.api-connections";
import { makeConnection } from "../setup/connections-factories";
import { makeUser, requestAs } from "../setup/factories";

// A connection's config is the one nested JSON a user writes into the database. It reaches the
// screens as its text only, so loader data never carries user-shaped nesting into the single-fetch
// encoder (docs/decisions/009-dependency-audit.md).

const EIGHT_LEVELS = { a: { b: { c: { d: { e: { f: { g: { h: "fin" } } } } } } } };

async function connectionsOf(userId: string) {
  const request = await requestAs(userId, "/api-connections");
  return (await loader({ request, params: {}, context: {} })).connections;
}

describe("configuration JSON d'une connexion", () => {
  it("arrive dans les données du loader sous forme de texte, pas d'objet", async () => {
    const user = await makeUser();
    await makeConnection(user.id, { config: EIGHT_LEVELS });
    const [connection] = await connectionsOf(user.id);
    expect(typeof connection!.config).toBe("string");
    expect(JSON.parse(connection!.config!)).toEqual(EIGHT_LEVELS);
  });

  it("reste null sans configuration", async () => {
    const user = await makeUser();
    await makeConnection(user.id);
    const [connection] = await connectionsOf(user.id);
    expect(connection!.config).toBeNull();
  });

  it("n'est renvoyée par l'action qu'en texte, telle que saisie, quand elle est refusée", async () => {
    const user = await makeUser();
    const config = JSON.stringify({ ...EIGHT_LEVELS, i: { j: 1 } });
    const request = await requestAs(user.id, "/api-connections", {
      form: { intent: "create", name: "Flux", platform_type: "CRM", api_type: "import", api_endpoint: "pas une url", config },
    });
    const answer = (await action({ request, params: {}, context: {} })) as unknown as { data: { result: { initialValue?: Record<string, unknown> } } };
    expect(answer.data.result.initialValue?.config).toBe(config);
  });
});
