import { describe, expect, it } from "vitest";
import { requestUrl } from "./remix-handler.server";

/** The parts of an Express request that requestUrl reads. */
const request = (host: string, originalUrl = "/auth") => ({
  protocol: "http",
  hostname: host.replace(/:\d*$/, ""),
  originalUrl,
  get: (name: string) => (name.toLowerCase() === "host" ? host : undefined),
}) as never;

describe("requestUrl", () => {
  it("l'adresse de la requête, avec le port de Host", () => {
    expect(requestUrl(request("localhost:3000", "/property/12?x=1"))).toBe("http://localhost:3000/property/12?x=1");
    expect(requestUrl(request("vigimmo.fly.dev"))).toBe("http://vigimmo.fly.dev/auth");
  });

  it.each(["[", "a b", "x:99999999", "%"])("Host illisible %j : null (400), jamais une exception (500)", (host) => {
    expect(requestUrl(request(host))).toBeNull();
  });
});
