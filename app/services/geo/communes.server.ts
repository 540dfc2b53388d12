/**
 * French communes and departments, from the official geographic code as packaged by Etalab
 * (`@etalab/decoupage-administratif`, updated every year with the INSEE file): prospecting zones
 * (issue 14) search communes by name or postal code, and the compliance checker (issue 15)
 * recognises rent-controlled communes by INSEE code. One place reads the data; nothing is typed
 * by hand.
 *
 * The package's own entry point reads its files relative to the current directory, so the JSON
 * files are required directly. They are parsed once, on first use (about 9 MB, ~100 ms).
 */
import { createRequire } from "node:module";
import { z } from "zod";

export type Commune = {
  /** INSEE code (code officiel géographique), e.g. "69123" for Lyon. */
  code: string;
  name: string;
  department: string;
  postalCodes: string[];
  population: number;
  /** For a municipal arrondissement (Paris, Lyon, Marseille): the INSEE code of its commune. */
  parent: string | null;
};

export type Department = { code: string; name: string };

const communeRow = z.object({
  code: z.string(),
  nom: z.string(),
  type: z.string(),
  departement: z.string().optional(),
  codesPostaux: z.array(z.string()).optional(),
  population: z.number().optional(),
  commune: z.string().optional(),
  chefLieu: z.string().optional(),
});
const departmentRow = z.object({ code: z.string(), nom: z.string() });

type Index = {
  communes: Commune[];
  byCode: Map<string, Commune>;
  byPostalCode: Map<string, Commune[]>;
  folded: string[];
  /** Former communes (associated, delegated) by folded name: the INSEE codes of the communes they belong to now. */
  formerNames: Map<string, string[]>;
  departments: Department[];
  departmentByCode: Map<string, Department>;
};

let index: Index | undefined;

function load(): Index {
  if (index) return index;
  const require = createRequire(import.meta.url);
  const rows = z.array(communeRow).parse(require("@etalab/decoupage-administratif/data/communes.json"));
  const departments = z
    .array(departmentRow)
    .parse(require("@etalab/decoupage-administratif/data/departements.json"))
    .map((d) => ({ code: d.code, name: d.nom }));
  // Current communes and the municipal arrondissements; former (delegated, associated) communes
  // share their postal codes with the commune they merged into and would only add duplicates.
  const communes = rows
    .filter((r) => r.type === "commune-actuelle" || r.type === "arrondissement-municipal")
    .map<Commune>((r) => ({
      code: r.code,
      name: r.nom,
      department: r.departement ?? "",
      postalCodes: r.codesPostaux ?? [],
      population: r.population ?? 0,
      parent: r.type === "arrondissement-municipal" ? (r.commune ?? null) : null,
    }))
    .sort((a, b) => b.population - a.population);
  const byCode = new Map(communes.map((c) => [c.code, c]));
  const byPostalCode = new Map<string, Commune[]>();
  for (const commune of communes) {
    for (const postalCode of commune.postalCodes) {
      const list = byPostalCode.get(postalCode) ?? [];
      list.push(commune);
      byPostalCode.set(postalCode, list);
    }
  }
  // Addresses keep naming the former communes ("59160 Lomme" is in Lille, "Pierrefitte-sur-Seine"
  // in Saint-Denis since 2025): their names point to the current commune.
  const formerNames = new Map<string, string[]>();
  for (const r of rows) {
    if ((r.type !== "commune-associee" && r.type !== "commune-deleguee") || !r.chefLieu || r.chefLieu === r.code) continue;
    const name = foldPlaceName(r.nom);
    formerNames.set(name, [...(formerNames.get(name) ?? []), r.chefLieu]);
  }
  index = {
    communes,
    byCode,
    byPostalCode,
    folded: communes.map((c) => foldPlaceName(c.name)),
    formerNames,
    departments,
    departmentByCode: new Map(departments.map((d) => [d.code, d])),
  };
  return index;
}

/**
 * Place names compared without case, accents, hyphens or apostrophes, "St" read as "Saint":
 * "st-etienne", "Saint Étienne" and "SAINT-ÉTIENNE" are the same commune.
 */
export function foldPlaceName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .replace(/\b(ste?)\b/g, (m) => (m === "st" ? "saint" : "sainte"));
}

/** The INSEE code of the commune itself: an arrondissement's parent, or the commune's own code. */
export function municipalityCode(commune: Commune): string {
  return commune.parent ?? commune.code;
}

export function communeByCode(code: string): Commune | undefined {
  return load().byCode.get(code);
}

export function departmentByCode(code: string): Department | undefined {
  return load().departmentByCode.get(code.toUpperCase());
}

export function listDepartments(): Department[] {
  return load().departments;
}

/**
 * A commune right before its municipal arrondissements, in their order (1er, 2e, 3e…), each group
 * where its first member came: "Lyon" then "Lyon 1er Arrondissement", never the 3e before the 1er
 * (issue 24 item 11).
 */
function groupArrondissements(found: Commune[]): Commune[] {
  const groups = new Map<string, Commune[]>();
  for (const commune of found) {
    const key = municipalityCode(commune);
    groups.set(key, [...(groups.get(key) ?? []), commune]);
  }
  return [...groups.values()].flatMap((group) =>
    group.sort((a, b) => Number(a.parent !== null) - Number(b.parent !== null) || a.code.localeCompare(b.code)),
  );
}

/**
 * Communes whose name or postal code starts with the query, the most populated first: "69003"
 * or "690" finds by postal code, "villeur" or "saint-et" by name (then names containing it).
 * Arrondissements follow their commune, in order.
 */
export function searchCommunes(query: string, limit = 10): Commune[] {
  return groupArrondissements(matchingCommunes(query, limit));
}

function matchingCommunes(query: string, limit: number): Commune[] {
  const { communes, folded, byPostalCode } = load();
  const q = query.trim();
  if (/^\d{2,5}$/.test(q)) {
    const found = new Set<Commune>();
    if (q.length === 5) for (const c of byPostalCode.get(q) ?? []) found.add(c);
    for (const c of communes) {
      if (found.size >= limit) break;
      if (c.code.startsWith(q) || c.postalCodes.some((p) => p.startsWith(q))) found.add(c);
    }
    return [...found].slice(0, limit);
  }
  const f = foldPlaceName(q);
  if (f.length < 2) return [];
  const starts: Commune[] = [];
  const contains: Commune[] = [];
  for (let i = 0; i < communes.length && starts.length < limit; i++) {
    const name = folded[i]!;
    if (name.startsWith(f)) starts.push(communes[i]!);
    else if (contains.length < limit && name.includes(f)) contains.push(communes[i]!);
  }
  return [...starts, ...contains].slice(0, limit);
}

/**
 * The commune of an address given as postal code and city name, as written in a listing. The
 * postal code narrows it down; the name picks among communes sharing it. An arrondissement
 * ("Lyon 3e", 69003) resolves to itself; its `parent` is the commune (Lyon, 69123).
 */
export function resolveCommune(postalCode: string | null | undefined, city: string | null | undefined): Commune | undefined {
  const { byPostalCode, byCode, communes, folded, formerNames } = load();
  const cp = postalCode?.replace(/\s/g, "") ?? "";
  const name = city ? foldPlaceName(city) : "";
  const candidates = /^\d[\dAB]\d{3}$/.test(cp) ? (byPostalCode.get(cp) ?? []) : [];
  if (candidates.length === 1) return candidates[0];
  if (candidates.length > 1) {
    const byName =
      candidates.find((c) => foldPlaceName(c.name) === name) ??
      (name ? candidates.find((c) => foldPlaceName(c.name).startsWith(name) || name.startsWith(foldPlaceName(c.name))) : undefined);
    if (byName) return byName;
    const former = formerCommune(formerNames.get(name), byCode, candidates);
    if (former) return former;
    // Paris 15e and Paris share 75015: either is right when they are one commune.
    const communesOf = new Set(candidates.map(municipalityCode));
    return communesOf.size === 1 ? candidates[0] : undefined;
  }
  if (!name) return undefined;
  // No usable postal code: an exact name, the most populated first ("Lyon" is Lyon, not a hamlet).
  const i = folded.indexOf(name);
  return i >= 0 ? communes[i] : formerCommune(formerNames.get(name), byCode, null);
}

/** The current commune a former commune's name belongs to, among the postal code's candidates when there are some. */
function formerCommune(parents: string[] | undefined, byCode: Map<string, Commune>, candidates: Commune[] | null): Commune | undefined {
  if (!parents) return undefined;
  const found = parents.map((code) => byCode.get(code)).filter((c): c is Commune => c !== undefined && (!candidates || candidates.includes(c)));
  return found.length === 1 ? found[0] : undefined;
}
