import { numberAfter, type AdText } from "./ad-text";
import { finding } from "./finding";
import { livingSurface } from "./rental-reading";
import type { ComplianceFinding, ComplianceListing } from "./types";

/**
 * Décret n° 2002-120, art. 4: a decent dwelling has at least one main room of 9 m² with a
 * ceiling of 2,20 m, or of 20 m³. A dwelling's whole surface under 9 m² cannot hold such a room
 * unless its height makes the 20 m³; without the height, the ad is incomplete, not unlawful.
 */
const MIN_SURFACE = 9;
const MIN_HEIGHT = 2.2;
const MIN_VOLUME = 20;
const HEIGHT = /hauteur sous plafond|hsp/u;
const METRES = /m(?:[èe]tres?)?(?![²2\w])/u;

export function decencyFindings(listing: ComplianceListing, text: AdText): ComplianceFinding[] {
  const surface = livingSurface(listing, text);
  if (!surface) return [];
  const height = numberAfter(text, HEIGHT, METRES);
  const s = surface.value;
  if (height) {
    const h = height.value;
    if ((s >= MIN_SURFACE && h >= MIN_HEIGHT) || s * h >= MIN_VOLUME) return [];
    return [
      finding(
        "decence.surface_volume",
        "breach",
        `Logement non décent : ${s} m² sous ${h} m de plafond (${(s * h).toFixed(1).replace(".", ",")} m³) ; il faut 9 m² sous 2,20 m ou 20 m³.`,
        `${surface.evidence} ; ${height.evidence}`,
        "decency",
      ),
    ];
  }
  if (s >= MIN_SURFACE) return [];
  return [
    finding(
      "decence.hauteur_absente",
      "missing",
      `Surface habitable de ${s} m², sous le minimum de 9 m² : l'annonce doit indiquer la hauteur sous plafond (20 m³ au moins), sinon le logement n'est pas décent.`,
      surface.evidence,
      "decency",
    ),
  ];
}
