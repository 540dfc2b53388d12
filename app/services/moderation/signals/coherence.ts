/**
 * Field coherence: numbers that cannot describe a real home.
 *
 * Why: fake listings are typed quickly from a template; real owners copy their own, consistent
 * facts. "4 chambres pour 3 pièces" or "studio de 95 m²" betrays an invented home. Each check is
 * individually weak-to-moderate (honest typos exist), so none of them flags a listing on its own.
 */
import type { ListingFeatures } from "../listing-features";
import { formatNumber } from "../format";
import type { Evidence, ModerationListing } from "../types";

// Strengths are grades in 0..1 inside each family (1 = the impossible case); the fitted model
// (model.ts) decides how much each family counts.

/** Impossible: more bedrooms than rooms (French "pièces" include bedrooms). */
const W_BEDROOMS_EXCEED_ROOMS = 1;
/** Unusual: every room is a bedroom (no living room), a frequent template error. */
const W_BEDROOMS_EQUAL_ROOMS = 0.5;
/** A "studio" is a one-room home, rarely above 45 m². */
const W_BIG_STUDIO = 1;
/** Less than 6 m² or more than 70 m² per room. */
const W_SURFACE_PER_ROOM = 0.5;
/** Rent below 4 €/m² or sale below 250 €/m² for a home: no French market is that cheap. */
const W_ABSURD_PRICE = 0.75;
/** Price typed for the wrong transaction (a sale price as a rent, or a rent as a sale price). */
const W_WRONG_TRANSACTION_PRICE = 1;
/** Floor above the building's number of floors. */
const W_FLOOR = 1;

const STUDIO = /\bstudio\b/;
const fmt = (n: number): string => formatNumber(n, 1);

export function coherenceEvidence(listing: ModerationListing, f: ListingFeatures): Evidence[] {
  const evidence: Evidence[] = [];
  const { rooms, bedrooms, surfaceArea: surface, price } = listing;
  const isHome = f.homeType !== "other";

  if (rooms !== null && bedrooms !== null && rooms > 0 && bedrooms > 0) {
    if (bedrooms > rooms && (rooms > 1 || bedrooms >= 2)) {
      evidence.push({
        family: "incoherentRooms",
        weight: W_BEDROOMS_EXCEED_ROOMS,
        reason: `Incohérence : ${bedrooms} chambres déclarées pour ${rooms} pièce${rooms > 1 ? "s" : ""}`,
      });
    } else if (bedrooms === rooms && rooms > 1) {
      evidence.push({
        family: "incoherentRooms",
        weight: W_BEDROOMS_EQUAL_ROOMS,
        reason: `Incohérence : autant de chambres que de pièces (${rooms})`,
      });
    }
  }

  if (isHome && surface !== null && surface > 0) {
    const title = f.title;
    if (
      f.homeType === "flat" &&
      surface > 45 &&
      (rooms === 1 || STUDIO.test(title)) &&
      !f.roomShare
    ) {
      evidence.push({
        family: "incoherentSurface",
        weight: W_BIG_STUDIO,
        reason: `Incohérence : studio de ${fmt(surface)} m²`,
      });
    } else if (rooms !== null && rooms > 0 && !f.roomShare) {
      const perRoom = surface / rooms;
      if (perRoom < 6 || (perRoom > 70 && f.homeType === "flat")) {
        evidence.push({
          family: "incoherentSurface",
          weight: W_SURFACE_PER_ROOM,
          reason: `Surface par pièce invraisemblable (${fmt(surface)} m² pour ${rooms} pièce${rooms > 1 ? "s" : ""})`,
        });
      }
    }
  }

  if (isHome && price !== null && price > 0) {
    if (listing.transactionType === "rental" && price >= 20000) {
      evidence.push({
        family: "incoherentPrice",
        weight: W_WRONG_TRANSACTION_PRICE,
        reason: `Loyer de ${fmt(price)} € incompatible avec une location`,
      });
    } else if (
      listing.transactionType === "sale" &&
      price < 15000 &&
      (surface ?? 0) >= 15 &&
      !f.lifeAnnuity
    ) {
      evidence.push({
        family: "incoherentPrice",
        weight: W_WRONG_TRANSACTION_PRICE,
        reason: `Prix de vente de ${fmt(price)} € incompatible avec une vente`,
      });
    } else if (surface !== null && surface >= 30 && !f.roomShare && !f.lifeAnnuity) {
      const perSquareMetre = price / surface;
      const floor = listing.transactionType === "rental" ? 4 : 250;
      if (perSquareMetre < floor) {
        const unit = listing.transactionType === "rental" ? "€/m² par mois" : "€/m²";
        evidence.push({
          family: "incoherentPrice",
          weight: W_ABSURD_PRICE,
          reason: `Prix invraisemblable : ${fmt(perSquareMetre)} ${unit} pour ${fmt(surface)} m²`,
        });
      }
    }
  }

  const { floor, totalFloors } = listing;
  if (floor !== null && totalFloors !== null && totalFloors > 0 && floor > totalFloors) {
    evidence.push({
      family: "incoherentFloor",
      weight: W_FLOOR,
      reason: `Incohérence : ${floor}e étage dans un immeuble de ${totalFloors} étages`,
    });
  }
  return evidence;
}
