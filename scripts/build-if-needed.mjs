// `npm start` on a fresh clone: build once if no build exists (a newcomer's first start).
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const buildDirectory = process.env.VIGIMMO_BUILD_DIR ?? "build";
if (!fs.existsSync(path.join(buildDirectory, "server", "index.js"))) {
  console.log("Première exécution : construction de l'application...");
  execSync("npx remix vite:build", { stdio: "inherit" });
}
