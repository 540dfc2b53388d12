import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";

/**
 * Starts a worker thread on a TypeScript file of the app, run through tsx like the CLIs (the
 * sources and tsx ship with the app). Throws when the file or tsx cannot be found.
 */
export function startTsxWorker(file: string, options?: WorkerOptions): Worker {
  if (!fs.existsSync(file)) throw new Error(`${file} introuvable`);
  const tsxApi = createRequire(path.join(process.cwd(), "package.json")).resolve("tsx/esm/api");
  const api = pathToFileURL(tsxApi.replace(/\.cjs$/, ".mjs")).href;
  const boot = `const { tsImport } = await import(${JSON.stringify(api)});\nawait tsImport(${JSON.stringify(pathToFileURL(file).href)}, import.meta.url);`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), options);
}
