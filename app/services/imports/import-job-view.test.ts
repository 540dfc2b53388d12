import { describe, expect, it } from "vitest";
import { summariseErrors, toImportJobView } from "./import-job-view";

type Row = Parameters<typeof toImportJobView>[0];

/** The end toast the polling answer carries for a job row like this one. */
const importEndToast = (row: Row) => toImportJobView(row).endToast;

const job = (overrides: Partial<Row>): Row => ({
  id: "j",
  source: "demo",
  status: "completed",
  currentPage: 1,
  totalPages: 1,
  imported: 0,
  updated: 0,
  skipped: 0,
  withdrawn: 0,
  priceDrops: 0,
  totalProcessed: 0,
  errors: [],
  warnings: [],
  message: null,
  createdAt: new Date("2025-06-01T00:00:00.000Z"),
  finishedAt: null,
  ...overrides,
});

describe("toasts de fin d'import (SPEC section 4)", () => {
  it("succès avec le nombre importé, info quand rien n'est nouveau", () => {
    expect(importEndToast(job({ imported: 1 }))).toEqual({ type: "success", message: "1 annonce importée" });
    // Grouped like the cards' figures (issue 17), with the no-break space of fr-FR.
    expect(importEndToast(job({ imported: 2400 }))).toEqual({ type: "success", message: "2\u00a0400 annonces importées" });
    expect(importEndToast(job({ imported: 0, updated: 3 }))).toEqual({ type: "info", message: "Aucune nouvelle annonce à importer" });
  });

  it("erreur pour un échec, avertissement avec le nombre importé pour un arrêt, rien pendant l'import", () => {
    expect(importEndToast(job({ status: "failed", message: "Réponse invalide" }))).toEqual({ type: "error", message: "Erreur lors de l'import: Réponse invalide" });
    // SPEC.md section 8: a connection's failure reads 'Erreur lors de la synchronisation'.
    expect(importEndToast(job({ source: "connexion", status: "failed", message: "Réponse invalide" }))).toEqual({
      type: "error",
      message: "Erreur lors de la synchronisation: Réponse invalide",
    });
    expect(importEndToast(job({ source: "connexion", status: "failed" }))).toEqual({ type: "error", message: "Erreur lors de la synchronisation" });
    expect(importEndToast(job({ status: "cancelled", imported: 150 }))).toEqual({ type: "warning", message: "Import arrêté : 150 annonces importées" });
    expect(importEndToast(job({ status: "processing" }))).toBeNull();
    expect(importEndToast(job({ status: "pending" }))).toBeNull();
  });
});

describe("lignes d'erreur des résultats", () => {
  it("montre au plus 5 lignes puis « … et N autres erreurs »", () => {
    expect(summariseErrors(["a", "b"])).toEqual({ lines: ["a", "b"], more: null });
    const many = Array.from({ length: 12 }, (_, i) => `erreur ${i + 1}`);
    expect(summariseErrors(many)).toEqual({ lines: many.slice(0, 5), more: "… et 7 autres erreurs" });
    const thousands = Array.from({ length: 2405 }, (_, i) => `erreur ${i + 1}`);
    expect(summariseErrors(thousands).more).toBe("… et 2\u00a0400 autres erreurs");
  });
});
