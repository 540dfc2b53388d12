/**
 * Draws the demo listings' pictures (public/demo-photos, docs/decisions/012-demo-photos.md):
 * façades of buildings and houses, living rooms, kitchens, bedrooms and bathrooms, from seeded
 * random palettes and layouts, with ImageMagick (`apt-get install imagemagick`). The output is
 * committed; run again only to change the pictures: `npx tsx scripts/demo-photos.ts`.
 * It also rewrites app/services/listings/demo-photo-files.ts, the list the app picks from.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const W = 800;
const H = 600;
const OUT = path.resolve("public/demo-photos");
const MANIFEST = path.resolve("app/services/listings/demo-photo-files.ts");

type Rng = { next: () => number; int: (min: number, max: number) => number; pick: <T>(items: readonly T[]) => T };

function rng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min, max) => min + Math.floor(next() * (max - min + 1)), pick: (items) => items[Math.floor(next() * items.length)]! };
}

const rect = (fill: string, x0: number, y0: number, x1: number, y1: number) => `fill ${fill} rectangle ${x0},${y0} ${x1},${y1}`;
const round = (fill: string, x0: number, y0: number, x1: number, y1: number, r: number) => `fill ${fill} roundrectangle ${x0},${y0} ${x1},${y1} ${r},${r}`;
const poly = (fill: string, points: Array<[number, number]>) => `fill ${fill} polygon ${points.map(([x, y]) => `${x},${y}`).join(" ")}`;
const ellipse = (fill: string, cx: number, cy: number, rx: number, ry: number) => `fill ${fill} ellipse ${cx},${cy} ${rx},${ry} 0,360`;
const line = (stroke: string, width: number, x0: number, y0: number, x1: number, y1: number) => `stroke ${stroke} stroke-width ${width} line ${x0},${y0} ${x1},${y1} stroke none`;

/** A layer drawn on transparency then blurred (clouds, foliage in the distance, window light). */
const softLayer = (draw: string[], blur: number) => ["(", "-size", `${W}x${H}`, "xc:none", "-draw", draw.join(" "), "-blur", `0x${blur}`, ")", "-composite"];

function sky(r: Rng): string[] {
  const top = r.pick(["#5b8fc9", "#6fa3d8", "#7fb0de", "#8ab4d6"]);
  const clouds = Array.from({ length: r.int(3, 6) }, () => ellipse("rgba(255,255,255,0.75)", r.int(0, W), r.int(20, 170), r.int(60, 160), r.int(18, 40)));
  return ["-size", `${W}x${H}`, `gradient:${top}-#e6eef5`, ...softLayer(clouds, 14)];
}

function tree(r: Rng, cx: number, ground: number, size: number): string[] {
  const greens = ["#3f6b35", "#4d7a3a", "#5a8741", "#36602f"];
  const parts = [rect("#5b4636", cx - size * 0.06, ground - size * 0.9, cx + size * 0.06, ground)];
  for (let i = 0; i < 7; i++) parts.push(ellipse(r.pick(greens), cx + r.int(-size * 0.45, size * 0.45), ground - size * 1.1 + r.int(-size * 0.4, size * 0.3), size * 0.35, size * 0.3));
  return parts;
}

function windowPane(r: Rng, x: number, y: number, w: number, h: number, frame: string, shutters: string | null): string[] {
  const glass = r.pick(["#3b4a5a", "#46576a", "#4f6275", "#34414f"]);
  const parts = [rect(frame, x - 4, y - 4, x + w + 4, y + h + 4), rect(glass, x, y, x + w, y + h), poly("rgba(255,255,255,0.18)", [[x, y + h * 0.7], [x + w * 0.6, y], [x + w, y], [x + w, y + h * 0.15], [x + w * 0.2, y + h]]), line(frame, 3, x + w / 2, y, x + w / 2, y + h)];
  if (shutters) parts.push(rect(shutters, x - 4 - w * 0.45, y - 4, x - 5, y + h + 4), rect(shutters, x + w + 5, y - 4, x + w + 4 + w * 0.45, y + h + 4));
  return parts;
}

function building(r: Rng): string[] {
  const facade = r.pick(["#e8dcc4", "#efe6d2", "#d9c7a7", "#e3d3b8", "#f1ede4", "#d8b89a"]);
  const roofTop = r.int(60, 120);
  const left = r.int(-20, 60);
  const right = W - r.int(-20, 60);
  const ground = 520;
  const floors = r.int(4, 6);
  const cols = r.int(5, 7);
  const frame = r.pick(["#f5f2ec", "#e9e4da", "#ffffff"]);
  const parts = [
    poly(r.pick(["#6d7479", "#7b8287", "#5f666b"]), [[left + 10, roofTop + 40], [left + 40, roofTop], [right - 40, roofTop], [right - 10, roofTop + 40]]),
    rect(facade, left, roofTop + 40, right, ground),
    rect("rgba(0,0,0,0.07)", left, roofTop + 40, left + (right - left) * 0.08, ground),
  ];
  const floorH = (ground - roofTop - 90) / floors;
  const colW = (right - left) / cols;
  for (let c = 0; c < cols; c++) parts.push(...windowPane(r, left + c * colW + colW * 0.3, roofTop + 6, colW * 0.4, 26, "#55595c", null));
  for (let f = 0; f < floors; f++) {
    const y = roofTop + 60 + f * floorH;
    parts.push(rect("rgba(0,0,0,0.06)", left, y + floorH - 6, right, y + floorH - 2));
    for (let c = 0; c < cols; c++) {
      const x = left + c * colW + colW * 0.28;
      const w = colW * 0.44;
      const h = floorH * 0.62;
      parts.push(...windowPane(r, x, y, w, h, frame, null));
      if (f === 1 || r.next() < 0.25) {
        parts.push(rect("#2d2d2d", x - 8, y + h - 4, x + w + 8, y + h));
        for (let k = x - 6; k < x + w + 8; k += 7) parts.push(line("#2d2d2d", 1.5, k, y + h - 22, k, y + h));
        parts.push(line("#2d2d2d", 2, x - 8, y + h - 22, x + w + 8, y + h - 22));
      }
    }
  }
  parts.push(rect("#b9b4ab", 0, ground, W, ground + 30), rect("#8d8a86", 0, ground + 30, W, H), rect(r.pick(["#3c3f45", "#5a3b2a", "#2f4a3a"]), W / 2 - 30, ground - 90, W / 2 + 30, ground));
  if (r.next() < 0.7) parts.push(...tree(r, r.int(40, 160), ground + 20, r.int(150, 220)));
  if (r.next() < 0.5) parts.push(...tree(r, r.int(640, 760), ground + 20, r.int(150, 220)));
  return parts;
}

function house(r: Rng): string[] {
  const walls = r.pick(["#f1ead9", "#e9dcc0", "#f4f1ea", "#dccbb0", "#e6d5bd"]);
  const roof = r.pick(["#a4532f", "#b5643b", "#4b5157", "#8c4a2f"]);
  const shutters = r.pick(["#4f7a94", "#6b8f71", "#8a9aa3", "#7a5a3c", "#3f5f7a", null]);
  const x0 = r.int(140, 220);
  const x1 = W - r.int(140, 220);
  const top = r.int(250, 290);
  const ground = 470;
  const parts = [
    ...tree(r, r.int(40, 110), 430, 230),
    ...tree(r, r.int(690, 770), 430, 210),
    rect("#6d9a4c", 0, 420, W, H),
    rect("rgba(255,255,255,0.08)", 0, 420, W, 440),
    rect(roof, x1 - 110, top - 120, x1 - 80, top - 40),
    poly(roof, [[x0 - 30, top + 6], [(x0 + x1) / 2, top - 110], [x1 + 30, top + 6]]),
    rect(walls, x0, top, x1, ground),
    rect("rgba(0,0,0,0.08)", x0, top, x1, top + 14),
    round(r.pick(["#6b4a34", "#3f5f7a", "#7a2f2a"]), (x0 + x1) / 2 - 28, ground - 110, (x0 + x1) / 2 + 28, ground, 6),
  ];
  const span = (x1 - x0 - 56) / 2;
  for (const side of [0, 1]) {
    const start = side === 0 ? x0 : (x0 + x1) / 2 + 28;
    for (let k = 0; k < 2; k++) {
      const x = start + span * (k === 0 ? 0.22 : 0.6);
      parts.push(...windowPane(r, x, top + 50, span * 0.22, 80, "#f7f5f0", shutters));
    }
  }
  parts.push(poly("#c9bda8", [[(x0 + x1) / 2 - 28, ground], [(x0 + x1) / 2 + 28, ground], [(x0 + x1) / 2 + 90, H], [(x0 + x1) / 2 - 90, H]]));
  for (let x = 0; x < W; x += 26) if (Math.abs(x - (x0 + x1) / 2) > 110) parts.push(ellipse(r.pick(["#3f6b35", "#48753a"]), x, 500, 24, 22));
  return parts;
}

function floor(r: Rng, top: number): string[] {
  const base = r.pick(["#b88a5c", "#c99f72", "#a87a4f", "#d3b48c", "#8f6a48"]);
  const parts = [rect(base, 0, top, W, H)];
  for (let y = top; y < H; y += 18) {
    parts.push(line("rgba(60,40,20,0.25)", 1, 0, y, W, y));
    for (let x = r.int(-80, 0); x < W; x += r.int(120, 200)) parts.push(line("rgba(60,40,20,0.2)", 1, x, y, x, y + 18), rect(`rgba(255,255,255,${(r.next() * 0.08).toFixed(2)})`, x, y + 1, x + 120, y + 17));
  }
  return parts;
}

function roomWindow(r: Rng, x: number, y: number, w: number, h: number): string[] {
  return [
    rect("#f7f6f2", x - 10, y - 10, x + w + 10, y + h + 10),
    rect(r.pick(["#cfe3f3", "#d9e8f2", "#e3eef6"]), x, y, x + w, y + h),
    rect("rgba(120,160,110,0.45)", x, y + h * 0.72, x + w, y + h),
    line("#f7f6f2", 6, x + w / 2, y, x + w / 2, y + h),
    line("#f7f6f2", 6, x, y + h * 0.45, x + w, y + h * 0.45),
  ];
}

const WALLS = ["#eee9df", "#e7e2d6", "#dfe3dc", "#e9e4dc", "#d9dcd4", "#efe7da", "#e4ddd3"];

function livingRoom(r: Rng): string[] {
  const sofa = r.pick(["#6b7b8c", "#8a7f72", "#4f6b5e", "#9a6b55", "#5b5f73", "#b7ab99"]);
  const wx = r.int(40, 420);
  const parts = [rect(r.pick(WALLS), 0, 0, W, 400), rect("#f4f2ee", 0, 392, W, 404), ...floor(r, 404), ...roomWindow(r, wx, 70, 300, 250)];
  const sx = wx > 300 ? r.int(40, 120) : r.int(380, 460);
  parts.push(
    ellipse("rgba(0,0,0,0.18)", sx + 150, 518, 190, 22),
    rect(r.pick(["#d8cfc0", "#a99b87", "#c4b8a5", "#8e9aa5"]), sx - 60, 500, sx + 380, 580),
    round(sofa, sx, 330, sx + 300, 420, 18),
    round(sofa, sx - 20, 370, sx + 320, 500, 18),
    round("rgba(255,255,255,0.12)", sx + 10, 380, sx + 145, 440, 12),
    round("rgba(255,255,255,0.12)", sx + 155, 380, sx + 290, 440, 12),
    round(r.pick(["#e0c36a", "#d98b5f", "#f0ede6", "#7aa095"]), sx + 30, 350, sx + 90, 400, 10),
    rect("#5b4636", sx + 90, 520, sx + 230, 530),
    rect("#3d3d3d", sx + 100, 530, sx + 106, 560),
    rect("#3d3d3d", sx + 214, 530, sx + 220, 560),
    rect("#2f2f2f", sx + 120, 140, sx + 240, 230),
    rect(r.pick(["#c9a46a", "#6c8fb0", "#b86f50", "#7f9a76"]), sx + 126, 146, sx + 234, 224),
  );
  const px = r.next() < 0.5 ? 30 : W - 90;
  parts.push(rect("#a4693f", px, 430, px + 60, 500));
  for (let i = 0; i < 8; i++) parts.push(ellipse(r.pick(["#4d7a3a", "#3f6b35", "#5e8c45"]), px + 30 + r.int(-40, 40), 380 + r.int(-60, 30), 26, 16));
  return [...parts, ...softLayer([ellipse("rgba(255,250,235,0.35)", wx + 150, 300, 260, 200)], 40)];
}

function kitchen(r: Rng): string[] {
  const cabinet = r.pick(["#f3f1ec", "#2f3e4e", "#6e8b74", "#d7cfc2", "#8a9ba8", "#ffffff"]);
  const top = r.pick(["#3a3a3a", "#e9e6df", "#b89b72", "#5a5a58"]);
  const parts = [rect(r.pick(WALLS), 0, 0, W, H), ...floor(r, 520)];
  for (let x = 0; x < W; x += 40) for (let y = 250; y < 360; y += 20) parts.push(rect(r.next() < 0.5 ? "#f4f4f2" : "#ecebe7", x + 1, y + 1, x + 39, y + 19));
  parts.push(rect(cabinet, 0, 60, 300, 240), rect(cabinet, 500, 60, W, 240), ...roomWindow(r, 330, 70, 140, 160));
  for (let x = 0; x < W; x += 100) {
    if (x < 300 || x >= 500) parts.push(line("rgba(0,0,0,0.2)", 2, x, 60, x, 240), rect("#9a9a9a", x + 80, 200, x + 84, 230));
  }
  parts.push(rect(top, 0, 352, W, 368), rect(cabinet, 0, 368, W, 520));
  for (let x = 0; x < W; x += 100) parts.push(line("rgba(0,0,0,0.2)", 2, x, 368, x, 520), rect("#9a9a9a", x + 40, 385, x + 60, 389));
  parts.push(rect("#c8c8c8", 560, 300, 680, 352), rect("#222222", 570, 346, 670, 352), ellipse("#b0b0b0", 230, 345, 50, 8), rect("#8c8c8c", 226, 300, 232, 345));
  parts.push(rect("#e8e8e8", 80, 330, 110, 352), ellipse(r.pick(["#d4502f", "#e0a030", "#6a9a3a"]), 150, 342, 14, 10), ellipse(r.pick(["#d4502f", "#e0a030", "#6a9a3a"]), 170, 344, 12, 8));
  return [...parts, ...softLayer([ellipse("rgba(255,250,235,0.3)", 400, 200, 240, 160)], 40)];
}

function bedroom(r: Rng): string[] {
  const linen = r.pick(["#f6f4ef", "#eceae4", "#f3efe6"]);
  const throwColor = r.pick(["#7c8fa6", "#b98a6b", "#8fa58a", "#c9b27c", "#a07a8f", "#5f6f8a"]);
  const cx = r.int(330, 470);
  const parts = [rect(r.pick(WALLS), 0, 0, W, 410), ...floor(r, 410), ...roomWindow(r, cx > 400 ? 40 : 560, 80, 180, 230)];
  parts.push(
    rect(r.pick(["#cbbda6", "#8e7a63", "#d9d2c5", "#6e7c8a"]), cx - 190, 170, cx + 190, 330),
    ellipse("rgba(0,0,0,0.15)", cx, 560, 240, 20),
    round(linen, cx - 200, 300, cx + 200, 470, 14),
    round(linen, cx - 220, 380, cx + 220, 560, 14),
    round(throwColor, cx - 222, 450, cx + 222, 562, 12),
    round("#ffffff", cx - 170, 290, cx - 20, 350, 18),
    round("#ffffff", cx + 20, 290, cx + 170, 350, 18),
  );
  for (const side of [-1, 1]) {
    const nx = cx + side * 280;
    parts.push(rect("#8b6b4a", nx - 45, 400, nx + 45, 480), rect("#d9c9a8", nx - 25, 330, nx + 25, 370), rect("#5a5a5a", nx - 3, 370, nx + 3, 400));
  }
  return [...parts, ...softLayer([ellipse("rgba(255,244,220,0.35)", cx - 280, 350, 80, 60), ellipse("rgba(255,244,220,0.35)", cx + 280, 350, 80, 60)], 25)];
}

function bathroom(r: Rng): string[] {
  const tile = r.pick(["#f2f2f0", "#e7ecee", "#ece6dc", "#dfe7e3"]);
  const parts = [rect(tile, 0, 0, W, H)];
  for (let x = 0; x < W; x += 50) parts.push(line("rgba(0,0,0,0.08)", 2, x, 0, x, H));
  for (let y = 0; y < H; y += 50) parts.push(line("rgba(0,0,0,0.08)", 2, 0, y, W, y));
  parts.push(
    rect(r.pick(["#c9c3b8", "#9aa3a8", "#d8d0c4"]), 0, 500, W, H),
    round("#fbfbfb", 40, 360, 420, 520, 30),
    round("rgba(0,0,0,0.06)", 60, 370, 400, 400, 14),
    rect("#c0c0c0", 380, 300, 388, 365),
    rect(r.pick(["#8b6b4a", "#f3f1ec", "#4f5b66", "#a88e6c"]), 500, 380, 740, 500),
    round("#ffffff", 520, 350, 720, 385, 10),
    rect("#dde6ea", 540, 110, 700, 320),
    rect("rgba(255,255,255,0.35)", 560, 130, 600, 300),
    rect("#bdbdbd", 616, 325, 624, 352),
    rect(r.pick(["#6f8fa8", "#c98f6b", "#8fae8f", "#e0d0a8"]), 440, 260, 480, 400),
  );
  parts.push(ellipse("#4d7a3a", 760, 330, 26, 40), rect("#d8d0c4", 740, 350, 780, 380));
  return [...parts, ...softLayer([ellipse("rgba(255,255,255,0.35)", 300, 120, 260, 120)], 40)];
}

const KINDS = [
  { prefix: "immeuble", count: 8, draw: (r: Rng) => [...sky(r), "-draw", building(r).join(" ")] },
  { prefix: "maison", count: 7, draw: (r: Rng) => [...sky(r), "-draw", house(r).join(" ")] },
  { prefix: "salon", count: 7, draw: (r: Rng) => room(livingRoom(r)) },
  { prefix: "cuisine", count: 6, draw: (r: Rng) => room(kitchen(r)) },
  { prefix: "chambre", count: 6, draw: (r: Rng) => room(bedroom(r)) },
  { prefix: "salle-de-bain", count: 4, draw: (r: Rng) => room(bathroom(r)) },
] as const;

function room(parts: string[]): string[] {
  return ["-size", `${W}x${H}`, "xc:white", ...split(parts)];
}

/** Drawing primitives go in one -draw; the trailing soft layer (ImageMagick arguments) follows. */
function split(parts: string[]): string[] {
  const start = parts.indexOf("(");
  return start < 0 ? ["-draw", parts.join(" ")] : ["-draw", parts.slice(0, start).join(" "), ...parts.slice(start)];
}

function render(args: string[], file: string) {
  execFileSync("convert", [
    ...args,
    // A camera's look: a touch of grain and softness, a gentle vignette, then a compact JPEG.
    "-attenuate", "0.35", "+noise", "Gaussian",
    "-blur", "0x0.6",
    "(", "-size", `${W}x${H}`, "radial-gradient:#ffffff-#b8b8b8", ")", "-compose", "multiply", "-composite",
    "-resize", "720x540",
    "-strip", "-interlace", "Plane", "-sampling-factor", "4:2:0", "-quality", "68",
    file,
  ]);
}

function main() {
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
  const files: Record<string, string[]> = {};
  let seed = 17;
  for (const kind of KINDS) {
    files[kind.prefix] = [];
    for (let n = 1; n <= kind.count; n++) {
      const temp = path.join(OUT, "tmp.jpg");
      const r = rng(seed++ * 7919);
      render(kind.draw(r), temp);
      // The content's hash in the name: the files can be cached for a year and never go stale.
      const hash = createHash("sha256").update(fs.readFileSync(temp)).digest("hex").slice(0, 8);
      const name = `${kind.prefix}-${String(n).padStart(2, "0")}.${hash}.jpg`;
      fs.renameSync(temp, path.join(OUT, name));
      files[kind.prefix]!.push(name);
    }
  }
  const body = Object.entries(files)
    .map(([kind, names]) => `  ${JSON.stringify(kind)}: [\n${names.map((name) => `    ${JSON.stringify(name)},`).join("\n")}\n  ],`)
    .join("\n");
  fs.writeFileSync(
    MANIFEST,
    `// Written by scripts/demo-photos.ts: the pictures of public/demo-photos, by subject.\nexport const DEMO_PHOTO_FILES = {\n${body}\n} as const;\n`,
  );
  const total = fs.readdirSync(OUT).reduce((sum, name) => sum + fs.statSync(path.join(OUT, name)).size, 0);
  console.log(`${Object.values(files).flat().length} photos, ${(total / 1024).toFixed(0)} Ko au total`);
}

main();
