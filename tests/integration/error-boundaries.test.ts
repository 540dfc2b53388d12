import { describe, expect, it } from "vitest";

/**
 * Every screen keeps the app shell on an error (issue 12): each route module that renders a page
 * exports an ErrorBoundary, so a failing loader shows its French message inside the layout
 * instead of the root's bare error page.
 */
const modules = import.meta.glob<Record<string, unknown>>("../../app/routes/*.tsx", { eager: true });

const screens = Object.entries(modules).filter(([, module]) => module.default);

describe("limites d'erreur des écrans", () => {
  it("couvre tous les écrans", () => {
    expect(screens.length).toBeGreaterThanOrEqual(15);
  });

  it.each(screens.map(([path, module]) => [path.replace("../../app/routes/", ""), module]))("%s exporte une ErrorBoundary", (file, module) => {
    expect(typeof (module as Record<string, unknown>).ErrorBoundary, String(file)).toBe("function");
  });
});
