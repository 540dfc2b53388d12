import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseDataset, type DatasetEntry } from "./dataset";
import { figuresPerKind, leaveOneFileOut, type LabelledFile } from "./leave-one-file-out";

const read = (file: string): DatasetEntry[] =>
  parseDataset(readFileSync(path.resolve(process.cwd(), "tests/fixtures/moderation", file), "utf8"));

const files: LabelledFile[] = [
  { name: "held-out", entries: read("held-out-listings.jsonl") },
  { name: "own", entries: read("own-listings.jsonl") },
];

describe("leave-one-file-out (issue 25, section 3)", () => {
  it("chaque fichier est mesuré par un modèle qui n'a jamais lu ses étiquettes", () => {
    const before = leaveOneFileOut(files);
    // Flipping every label of one file changes nothing to its own scores: it was never fitted on.
    const flipped: LabelledFile[] = [
      files[0],
      {
        name: "own",
        entries: files[1].entries.map((e) => ({ ...e, label: e.label === "scam" ? "legit" : "scam" })),
      },
    ];
    const after = leaveOneFileOut(flipped);
    expect([...after.files[1].probabilities]).toEqual([...before.files[1].probabilities]);
    // …while the other file, fitted on the flipped labels, is scored differently.
    expect([...after.files[0].probabilities]).not.toEqual([...before.files[0].probabilities]);
  });

  it("compte, par « kind », les arnaques repérées et les annonces honnêtes signalées", () => {
    const withKinds: LabelledFile[] = files.map((file) => ({
      ...file,
      entries: file.entries.map((e) => ({ ...e, kind: e.label === "scam" ? "scheme" : "hn_lookalike" })),
    }));
    const result = leaveOneFileOut(withKinds, { text: false });
    const kinds = figuresPerKind(withKinds, result, result.threshold);
    const scams = withKinds.flatMap((f) => f.entries).filter((e) => e.label === "scam").length;
    expect(kinds.find((k) => k.kind === "scheme")).toMatchObject({ label: "scam", count: scams });
    expect(kinds.find((k) => k.kind === "hn_lookalike")?.label).toBe("legit");
  });
});
