import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { instanceRole, isPrimaryInstance } from "./litefs.server";

let dir: string;
const saved = process.env.LITEFS_DIR;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "vigimmo-litefs-"));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  if (saved === undefined) delete process.env.LITEFS_DIR;
  else process.env.LITEFS_DIR = saved;
});

describe("instanceRole", () => {
  it("sans LITEFS_DIR (une machine) : toujours primaire", () => {
    delete process.env.LITEFS_DIR;
    expect(instanceRole()).toEqual({ currentInstance: os.hostname(), primaryInstance: os.hostname(), isPrimary: true });
  });

  it("LITEFS_DIR sans .primary : cette machine tient le bail", () => {
    process.env.LITEFS_DIR = dir;
    expect(isPrimaryInstance()).toBe(true);
  });

  it(".primary tel que LiteFS l'écrit (nom d'hôte + saut de ligne) : réplique, le primaire est nommé", () => {
    process.env.LITEFS_DIR = dir;
    fs.writeFileSync(path.join(dir, ".primary"), "e784079b449d86\n");
    expect(instanceRole()).toEqual({ currentInstance: os.hostname(), primaryInstance: "e784079b449d86", isPrimary: false });
  });

  it("relu à chaque appel : le bail qui arrive ici rend primaire", () => {
    process.env.LITEFS_DIR = dir;
    fs.writeFileSync(path.join(dir, ".primary"), "autre\n");
    expect(isPrimaryInstance()).toBe(false);
    fs.rmSync(path.join(dir, ".primary"));
    expect(isPrimaryInstance()).toBe(true);
  });
});
