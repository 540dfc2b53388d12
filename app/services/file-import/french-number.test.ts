import { describe, expect, it } from "vitest";
import { parseFrenchNumber } from "./french-number";

const NBSP = "\u00a0";
const NNBSP = "\u202f";

describe("parseFrenchNumber", () => {
  it.each([
    ["1250", 1250],
    ["1 250,50", 1250.5],
    ["1250,5", 1250.5],
    ["1.250,50", 1250.5],
    ["1 250 €", 1250],
    ["950€", 950],
    ["€950", 950],
    ["1,250.50", 1250.5],
    ["1,250,000", 1_250_000],
    ["1.250.000", 1_250_000],
    ["1.250", 1250],
    ["12.5", 12.5],
    ["0.250", 0.25],
    ["1,250", 1.25],
    [`1${NBSP}250,50`, 1250.5],
    [`1${NNBSP}250${NNBSP}€`, 1250],
    ["45 m²", 45],
    ["45,5m2", 45.5],
    ["850 €/mois", 850],
    ["1 200 euros", 1200],
    ["  3 ", 3],
    ["-1", -1],
    ["+2", 2],
    ["0", 0],
    ["-0", 0],
  ])("reads %j as %d", (raw, expected) => {
    expect(parseFrenchNumber(raw)).toEqual({ ok: true, value: expected });
  });

  it.each([
    "",
    "abc",
    "12abc",
    "1 25",
    "12 50,5",
    "1,2,3.4.5",
    "1.250,50,3",
    "12,",
    ",5",
    "--1",
    "1e5",
    "Infinity",
    "NaN",
    "€",
    "1 250 000 000 000 000 000 000 000 000 000 000 000",
  ])("refuses %j", (raw) => {
    expect(parseFrenchNumber(raw).ok).toBe(false);
  });

  it("formats its own output (Intl fr-FR) back to the same number", () => {
    const formatted = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" }).format(
      1234567.89,
    );
    expect(parseFrenchNumber(formatted)).toEqual({ ok: true, value: 1234567.89 });
  });
});
