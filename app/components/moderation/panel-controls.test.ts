import { describe, expect, it } from "vitest";
import { panelControls, type PanelState } from "./panel-controls";

const IDLE: PanelState = { loaded: true, pending: 2_424, withoutConfidence: 3, running: false, continuing: false };

describe("panelControls : ce que le panneau de modération permet, et pourquoi", () => {
  it("au repos avec des annonces en attente : tout sauf Arrêter, chaque action expliquée en une ligne", () => {
    const controls = panelControls(IDLE);
    expect(controls.auto).toEqual({ unavailable: false, explanation: "Modère les 2\u00a0424 annonces qui attendent l'analyse IA, lot de 100 après lot, jusqu'à la fin." });
    expect(controls.batch).toEqual({
      label: "Lancer la modération IA",
      unavailable: false,
      explanation: "Un seul lot (100 annonces au plus), pour vérifier les verdicts avant de tout modérer.",
    });
    expect(controls.stop).toEqual({ unavailable: true, explanation: "Disponible seulement pendant une modération." });
    expect(controls.reanalyze).toEqual({ unavailable: false, explanation: "Analyse les 3 annonces suspectes sans note IA." });
    expect(controls.dedupe.unavailable).toBe(false);
    expect(controls.reset.unavailable).toBe(false);
    for (const control of Object.values(controls)) expect(control.explanation).not.toContain("\n");
  });

  it("pendant une modération : seul Arrêter reste utilisable", () => {
    const controls = panelControls({ ...IDLE, running: true });
    expect(controls.stop).toEqual({ unavailable: false, explanation: "Arrête la modération en cours ; les annonces déjà analysées gardent leur verdict." });
    for (const name of ["auto", "batch", "reanalyze"] as const) {
      expect(controls[name]).toMatchObject({ unavailable: true, explanation: "Une modération est en cours : attendez sa fin ou arrêtez-la." });
    }
    expect(controls.dedupe).toEqual({ unavailable: true, explanation: "Indisponible pendant une modération." });
    expect(controls.reset).toEqual({ unavailable: true, explanation: "Indisponible pendant une modération." });
  });

  it("rien à modérer ni à réanalyser : les lancements sont grisés avec les messages de la SPEC", () => {
    const controls = panelControls({ ...IDLE, pending: 0, withoutConfidence: 0 });
    expect(controls.auto).toEqual({ unavailable: true, explanation: "Aucune annonce à modérer" });
    expect(controls.batch).toMatchObject({ unavailable: true, explanation: "Aucune annonce à modérer" });
    expect(controls.reanalyze).toEqual({ unavailable: true, explanation: "Aucune annonce suspecte sans analyse IA" });
    // Duplicates and reset concern listings already decided too.
    expect(controls.dedupe.unavailable).toBe(false);
    expect(controls.reset.unavailable).toBe(false);
  });

  it("avant de connaître les comptes, aucun lancement n'est proposé", () => {
    const controls = panelControls({ loaded: false, pending: 0, withoutConfidence: 0, running: false, continuing: false });
    expect(controls.auto).toEqual({ unavailable: true, explanation: "Chargement..." });
  });

  it("après une modération arrêtée : 'Continuer (N restantes)' ne fait qu'un lot et renvoie à l'action principale pour le reste", () => {
    const controls = panelControls({ ...IDLE, pending: 1_250, continuing: true });
    expect(controls.batch).toEqual({
      label: "Continuer (1\u00a0250 restantes)",
      unavailable: false,
      explanation: "Seulement le lot suivant (100 annonces au plus) ; « Modération Auto Complète » reprend tout le reste.",
    });
    expect(controls.auto.explanation).toBe("Modère les 1\u00a0250 annonces qui attendent l'analyse IA, lot de 100 après lot, jusqu'à la fin.");
  });

  it("accorde le singulier et annonce la limite de 200 lots au-delà de 20 000 annonces", () => {
    expect(panelControls({ ...IDLE, pending: 1, withoutConfidence: 1 }).auto.explanation).toBe("Modère l'annonce qui attend l'analyse IA.");
    expect(panelControls({ ...IDLE, pending: 1, withoutConfidence: 1 }).reanalyze.explanation).toBe("Analyse l'annonce suspecte sans note IA.");
    expect(panelControls({ ...IDLE, pending: 25_000 }).auto.explanation).toBe(
      "Modère 20\u00a0000 des 25\u00a0000 annonces qui attendent l'analyse IA (200 lots de 100), lot après lot.",
    );
  });
});
