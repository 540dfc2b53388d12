import { amountAfter, amountBefore, numberAfter, numberBefore, words, type AdText } from "./ad-text";
import { finding } from "./finding";
import { applies } from "./references";
import { ABSENT, type ComplianceFinding } from "./types";

/**
 * Sale ads: who pays the agency's fees and, when the buyer does, the price with and without them
 * and their rate (arrêté du 10 janvier 2017, art. 2); the co-ownership mentions when the ad says
 * the home is in a copropriété (CCH art. L.721-1). Energy classes are checked with every ad.
 */
const BUYER_PAYS = /honoraires?\s+(?:[àa]\s+la\s+)?charge\s+(?:de\s+l'|du\s+)?acqu[ée]reur|charge\s+acqu[ée]reur|honoraires?\s+inclus|frais\s+d'agence\s+inclus|\bfai\b/u;
const SELLER_PAYS = /honoraires?\s+(?:[àa]\s+la\s+)?charge\s+(?:du\s+)?vendeur|charge\s+vendeur|frais\s+d'agence\s+[àa]\s+la\s+charge\s+du\s+vendeur|sans\s+frais\s+d'agence|pas\s+de\s+frais\s+d'agence/u;
const PRICE_WITHOUT_FEES = /hors\s+honoraires|net\s+vendeur/u;
const FEE_RATE = /%\s*(?:ttc)?/u;
const CO_OWNERSHIP = /copropri[ée]t[ée]/u;
const NOT_CO_OWNERSHIP = /(?:hors|pas\s+de|pas\s+en|sans)\s+copropri[ée]t[ée]/u;
const LOTS = /lots?\b/u;
const LOTS_AFTER = /nombre\s+de\s+lots/u;
const CHARGES_WORD = /charges(?:\s+courantes)?(?:\s+de\s+copropri[ée]t[ée])?(?:\s+annuelles)?/u;
const CHARGES_AFTER_AMOUNT = /(?:de\s+)?charges\s+(?:annuelles|par\s+an|de\s+copropri[ée]t[ée])/u;
const PROCEEDINGS = /proc[ée]dures?|plan\s+de\s+sauvegarde|administrateur\s+provisoire/u;

export function saleFindings(text: AdText, day: string): ComplianceFinding[] {
  const found: ComplianceFinding[] = [];
  if (applies("saleAd", day)) {
    const buyer = words(text, BUYER_PAYS);
    const seller = words(text, SELLER_PAYS);
    if (!buyer && !seller) {
      found.push(finding("vente.honoraires_absents", "missing", "L'annonce ne dit pas qui paie les honoraires de l'agence (vendeur ou acquéreur).", ABSENT, "saleAd"));
    } else if (buyer) {
      if (!amountAfter(text, PRICE_WITHOUT_FEES) && !amountBefore(text, PRICE_WITHOUT_FEES)) {
        found.push(finding("vente.prix_hors_honoraires_absent", "missing", "Honoraires à la charge de l'acquéreur : le prix hors honoraires n'est pas indiqué.", buyer, "saleAd"));
      }
      if (!numberBefore(text, FEE_RATE)) {
        found.push(finding("vente.taux_honoraires_absent", "missing", "Honoraires à la charge de l'acquéreur : leur taux TTC rapporté au prix hors honoraires n'est pas indiqué.", buyer, "saleAd"));
      }
    }
  }
  const coOwnership = words(text, CO_OWNERSHIP);
  if (coOwnership && !words(text, NOT_CO_OWNERSHIP) && applies("coOwnership", day)) {
    if (!numberBefore(text, LOTS) && !numberAfter(text, LOTS_AFTER, /(?:)/u)) {
      found.push(finding("copropriete.lots_absents", "missing", "Bien en copropriété : le nombre de lots n'est pas indiqué.", coOwnership, "coOwnership"));
    }
    if (!amountAfter(text, CHARGES_WORD) && !amountBefore(text, CHARGES_AFTER_AMOUNT)) {
      found.push(finding("copropriete.charges_absentes", "missing", "Bien en copropriété : le montant moyen annuel des charges courantes n'est pas indiqué.", coOwnership, "coOwnership"));
    }
    if (!words(text, PROCEEDINGS)) {
      found.push(finding("copropriete.procedures_absentes", "missing", "Bien en copropriété : l'annonce doit dire si le syndicat fait l'objet d'une procédure (ou qu'il n'y en a pas).", coOwnership, "coOwnership"));
    }
  }
  return found;
}
