import type { LegalReference } from "./types";

/**
 * The legal texts the rules apply, each with the date it applies from (docs/conformite.md
 * gives the source read for each). A rule is only checked from its date on.
 */
export const REFERENCES = {
  energyClass: { text: "Code de la construction et de l'habitation", article: "art. L.126-33, R.126-21 (presse) et R.126-22 (en ligne, vitrine)", since: "2011-01-01" },
  climateClass: { text: "Code de la construction et de l'habitation", article: "art. L.126-33, R.126-21 et R.126-22 (« classe climat »)", since: "2022-01-01" },
  energyCost: { text: "Code de la construction et de l'habitation", article: "art. L.126-33 et R.126-23 (« Montant estimé des dépenses annuelles d'énergie pour un usage standard »)", since: "2022-01-01" },
  excessiveConsumption: { text: "Code de la construction et de l'habitation, art. R.126-24 ; arrêté du 22 décembre 2021 (« Logement à consommation énergétique excessive : classe F. / G. »)", article: "art. 1er", since: "2022-01-01" },
  rentalBanG: { text: "Loi n° 89-462 du 6 juillet 1989 (loi Climat et résilience n° 2021-1104, art. 160)", article: "art. 6 ; CCH art. L.173-2", since: "2025-01-01" },
  rentalBanF: { text: "Loi n° 89-462 du 6 juillet 1989 (loi Climat et résilience n° 2021-1104, art. 160)", article: "art. 6 ; CCH art. L.173-2", since: "2028-01-01" },
  rentalBanE: { text: "Loi n° 89-462 du 6 juillet 1989 (loi Climat et résilience n° 2021-1104, art. 160)", article: "art. 6 ; CCH art. L.173-2", since: "2034-01-01" },
  rentalBanOverseasG: { text: "Loi n° 89-462 du 6 juillet 1989 (loi Climat et résilience n° 2021-1104, art. 160), Guadeloupe, Martinique, Guyane, La Réunion, Mayotte", article: "art. 6 ; CCH art. L.173-2", since: "2028-01-01" },
  rentalBanOverseasF: { text: "Loi n° 89-462 du 6 juillet 1989 (loi Climat et résilience n° 2021-1104, art. 160), Guadeloupe, Martinique, Guyane, La Réunion, Mayotte", article: "art. 6 ; CCH art. L.173-2", since: "2031-01-01" },
  georisques: { text: "Code de l'environnement (loi Climat et résilience, art. 236 ; décret n° 2022-1289)", article: "art. L.125-5 et R.125-25", since: "2023-01-01" },
  rentalAdPro: { text: "Arrêté du 10 janvier 2017 relatif à l'information des consommateurs par les professionnels intervenant dans une transaction immobilière", article: "art. 4", since: "2017-04-01" },
  rentalAdPrivate: { text: "Loi n° 89-462 du 6 juillet 1989, art. 2-1 ; arrêté du 21 avril 2022 (annonces des non-professionnels)", article: "art. 1er", since: "2022-07-01" },
  depositUnfurnished: { text: "Loi n° 89-462 du 6 juillet 1989 (modifiée par la loi n° 2008-111)", article: "art. 22 (un mois de loyer en principal)", since: "2008-02-09" },
  depositFurnished: { text: "Loi n° 89-462 du 6 juillet 1989", article: "art. 25-6 (deux mois de loyer en principal)", since: "2014-03-27" },
  depositMobility: { text: "Loi n° 89-462 du 6 juillet 1989 (bail mobilité, loi ELAN n° 2018-1021)", article: "art. 25-17 (« Aucun dépôt de garantie ne peut être exigé »)", since: "2018-11-25" },
  feesCap: { text: "Loi n° 89-462 du 6 juillet 1989, art. 5 ; décret n° 2014-890 du 1er août 2014", article: "art. 2", since: "2014-09-15" },
  feesCapRevised: { text: "Loi n° 89-462 du 6 juillet 1989, art. 5 ; décret n° 2014-890, art. 2, révisé par l'arrêté du 17 juillet 2025", article: "art. 1er et annexe", since: "2026-01-01" },
  rentControlAdPro: { text: "Arrêté du 10 janvier 2017 modifié par l'arrêté du 26 janvier 2022 ; loi n° 2018-1021 (ELAN)", article: "art. 4, I, 3° ; art. 140", since: "2022-04-01" },
  rentControlAdPrivate: { text: "Arrêté du 21 avril 2022 ; loi n° 2018-1021 (ELAN)", article: "art. 1er, 3° ; art. 140", since: "2022-07-01" },
  rentControlCap: { text: "Loi n° 2018-1021 du 23 novembre 2018 (ELAN), expérimentation prolongée à huit ans par la loi n° 2022-217 (3DS)", article: "art. 140, I et III", since: "2019-07-01" },
  rentControlEnd: { text: "Loi n° 2018-1021 du 23 novembre 2018 (ELAN), modifiée par la loi n° 2022-217 (3DS) : « pour une durée de huit ans à compter de la publication de la présente loi » (JO du 24 novembre 2018)", article: "art. 140, I", since: "2026-11-24" },
  complementBanFG: { text: "Loi n° 2018-1021 (ELAN), art. 140, modifié par la loi n° 2022-1158 du 16 août 2022 (pouvoir d'achat)", article: "art. 140, III, B (« aucun complément de loyer ne peut être appliqué » à un logement de classe F ou G)", since: "2022-08-18" },
  decency: { text: "Décret n° 2002-120 du 30 janvier 2002 relatif aux caractéristiques du logement décent", article: "art. 4", since: "2002-01-31" },
  saleAd: { text: "Arrêté du 10 janvier 2017 relatif à l'information des consommateurs par les professionnels intervenant dans une transaction immobilière", article: "art. 3", since: "2017-04-01" },
  coOwnership: { text: "Code de la construction et de l'habitation (loi ALUR n° 2014-366 du 24 mars 2014)", article: "art. L.721-1", since: "2014-03-27" },
} satisfies Record<string, LegalReference>;

export type ReferenceKey = keyof typeof REFERENCES;

const MONTHS = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"];

/** "1er janvier 2025" from "2025-01-01". */
export function frenchDay(iso: string): string {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  return `${day === 1 ? "1er" : day} ${MONTHS[month - 1]} ${year}`;
}

export function citeReference(key: ReferenceKey): string {
  const ref: LegalReference = REFERENCES[key];
  return `${ref.text}, ${ref.article} (depuis le ${frenchDay(ref.since)})`;
}

// Law days are Paris days: a rule "from 1 January 2028" applies from midnight in Paris.
const parisDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit" });

/** The Paris day of an instant, as "2028-01-01". */
export function lawDay(now: Date): string {
  return parisDay.format(now);
}

/** Whether the rule applies on that day ("2028-01-01", from lawDay). */
export function applies(key: ReferenceKey, day: string): boolean {
  return REFERENCES[key].since <= day;
}

/** Every date a rule starts applying: a listing checked before one of them is checked again (recheck job). */
export const RULE_DATES: readonly string[] = [...new Set(Object.values(REFERENCES).map((r: LegalReference) => r.since))].sort();
