import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("garde les chemins du site, avec leur recherche", () => {
    expect(safeRedirect("/properties?status=active&q=t2", "/dashboard")).toBe("/properties?status=active&q=t2");
    expect(safeRedirect("/moderation", "/dashboard")).toBe("/moderation");
    expect(safeRedirect("/./properties/../moderation", "/dashboard")).toBe("/moderation");
  });

  it.each(["//evil.example", "/\\evil.example", "/\t/evil.example", "/\\/evil.example", "/.//evil.example", "/..//evil.example", "/./\\evil.example", "/%2e//evil.example", "/a/..//evil.example", "/.///evil.example", "https://evil.example", "javascript:alert(1)", "", null, 42, "//[", "/\\[", "//a b", "//%"])(
    "refuse %j : retour à la page par défaut",
    (value) => {
      expect(safeRedirect(value, "/dashboard")).toBe("/dashboard");
    },
  );
});
