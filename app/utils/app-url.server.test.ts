import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { appUrl, forgetServedUrl, recordServedUrl } from "./app-url.server";
import { env } from "./env.server";

// Issue 24, item 13: `npm run reset-password` printed a link on port 3000 while the server ran on another port.
describe("adresse de l'application pour les liens faits hors requête", () => {
  afterEach(() => {
    forgetServedUrl();
    delete process.env.APP_URL;
    delete process.env.PORT;
  });

  it("suit le port du serveur qui tourne sur la même base, pas 3000", () => {
    expect(appUrl()).toBe("http://localhost:3000");
    recordServedUrl(4123);
    expect(fs.readFileSync(`${env().databasePath}.url`, "utf8").trim()).toBe(
      "http://localhost:4123",
    );
    expect(appUrl()).toBe("http://localhost:4123");
    forgetServedUrl();
    expect(appUrl()).toBe("http://localhost:3000");
  });

  it("APP_URL, quand il est donné, l'emporte", () => {
    recordServedUrl(4123);
    process.env.APP_URL = "https://vigimmo.example.fr/";
    expect(appUrl()).toBe("https://vigimmo.example.fr");
  });
});
