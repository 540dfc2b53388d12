import type { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { addressGroup, clientAddress } from "./client-address.server";

const request = (forwarded: string | undefined, remoteAddress = "10.0.0.2") => ({
  headers: forwarded === undefined ? {} : { "x-forwarded-for": forwarded },
  socket: { remoteAddress } as Socket,
});

describe("clientAddress", () => {
  it("sans proxy de confiance : l'adresse de la connexion, X-Forwarded-For ignoré", () => {
    expect(clientAddress(request("198.51.100.9"), 0)).toBe("10.0.0.2");
  });

  it("derrière un proxy (Fly) : l'adresse que ce proxy a ajoutée, pas celle écrite par le client", () => {
    expect(clientAddress(request("1.2.3.4, 203.0.113.5"), 1)).toBe("203.0.113.5");
    expect(clientAddress(request("203.0.113.5"), 1)).toBe("203.0.113.5");
  });

  it("sans en-tête, ou avec plus de proxys déclarés que d'entrées : l'entrée la plus lointaine connue", () => {
    expect(clientAddress(request(undefined), 1)).toBe("10.0.0.2");
    expect(clientAddress(request("203.0.113.5"), 3)).toBe("203.0.113.5");
  });
});

describe("addressGroup (issue 23 item 3)", () => {
  it.each([
    ["203.0.113.5", "203.0.113.5"],
    ["::ffff:203.0.113.5", "203.0.113.5"],
    ["2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["inconnue", "inconnue"],
  ])("%s → %s", (address, group) => {
    expect(addressGroup(address)).toBe(group);
  });
});
