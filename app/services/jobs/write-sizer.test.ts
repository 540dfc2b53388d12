import { describe, expect, it } from "vitest";
import { createWriteSizer } from "./write-sizer";

describe("taille des transactions d'écriture d'un job", () => {
  it("vise le budget d'après le coût mesuré, lissé, dans ses bornes", () => {
    const sizer = createWriteSizer({ budgetMs: 20, min: 50, max: 1000, initialRows: 100 });
    expect(sizer.rows()).toBe(100);
    // 0.1 ms per row measured, smoothed with the 0.2 ms assumed: 0.15 ms → 133 rows.
    sizer.measured(100, 10);
    expect(sizer.rows()).toBe(133);
    for (let i = 0; i < 20; i++) sizer.measured(1000, 1);
    expect(sizer.rows()).toBe(1000);
    for (let i = 0; i < 20; i++) sizer.measured(10, 100);
    expect(sizer.rows()).toBe(50);
  });

  it("arrondit à des lots entiers et ignore une écriture vide", () => {
    const sizer = createWriteSizer({ budgetMs: 25, min: 100, max: 2000, initialRows: 400, step: 100 });
    expect(sizer.rows()).toBe(400);
    sizer.measured(0, 50);
    expect(sizer.rows()).toBe(400);
    sizer.measured(400, 10);
    expect(sizer.rows() % 100).toBe(0);
    expect(sizer.rows()).toBe(500);
  });
});
