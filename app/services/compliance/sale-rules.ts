import { amountAfter, amountBefore, numberAfter, numberBefore, words, type AdText } from "./ad-text";
import { finding } from "./finding";
import { applies } from "./references";
import { ABSENT, type ComplianceFinding, type ComplianceListing } from "./types";

/**
 * Sale ads: a professional says who pays its fees and, when the buyer does, the price with and
 * without them and their rate (arrêté du 10 janvier 2017, art. 3); every seller of a lot in a
 * copropriété gives its mentions (CCH art. L.721-1). A flat is presumed to be such a lot.
 */
const BUYER_PAYS =
  /honoraires?\s+(?:[àa]\s+la\s+)?charge\s+(?:de\s+l'|du\s+)?acqu[ée]reur|charge\s+acqu[ée]reur|honoraires?\s+inclus|frais\s+d'agence\s+inclus|\bfai\b|\bhonoraires?\s+acqu[ée]reur/u;
const SELLER_PAYS =
  /honoraires?\s+(?:[àa]\s+la\s+)?charge\s+(?:du\s+)?vendeur|charge\s+vendeur|frais\s+d'agence\s+[àa]\s+la\s+charge\s+du\s+vendeur|sans\s+frais\s+d'agence|pas\s+de\s+frais\s+d'agence|honoraires?\s+vendeur/u;
const PRICE_WITHOUT_FEES = /hors\s+honoraires|net\s+vendeur/u;
/** A percentage is the fee rate only next to the words of fees, never a yield or a loan rate. */
const PERCENT = /(\d+(?:[.,]\d+)?)\s*%/gu;
const FEE_CONTEXT = /honoraires|ttc|hors\s+honoraires|net\s+vendeur|acqu[ée]reur|frais\s+d'agence/u;
const OTHER_RATE = /rendement|rentabilit[ée]|taux\s+d'int[ée]r[êe]t|cr[ée]dit|apport|tva|plus-value|taux\s+d'occupation|remise/u;

const CO_OWNERSHIP = /copropri[ée]t[ée]/u;
const NOT_CO_OWNERSHIP = /(?:hors|pas\s+de|pas\s+en|sans|aucune)\s+copropri[ée]t[ée]|monopropri[ée]t[ée]|non\s+soumis\s+au\s+statut\s+de\s+la\s+copropri[ée]t[ée]/u;
const LOTS = /lots?\b/u;
const LOTS_AFTER = /nombre\s+de\s+lots/u;
const CHARGES_WORD = /quote-part[^\d\n]{0,80}?budget\s+pr[ée]visionnel|charges(?:\s+courantes)?(?:\s+de\s+copropri[ée]t[ée])?(?:\s+annuelles)?/u;
const CHARGES_AFTER_AMOUNT = /(?:de\s+)?charges\s+(?:annuelles|par\s+an|de\s+copropri[ée]t[ée])|(?:par\s+an|\/\s*an)\s+de\s+charges/u;
const BUDGET = /budget\s+pr[ée]visionnel/u;
const PROCEEDINGS = /proc[ée]dures?|plan\s+de\s+sauvegarde|administrateur\s+provisoire/u;
const ANNEX_TITLE = /^\s*(?:vente\s+)?(?:cave|cellier|box|garage|parking|place\s+de\s+parking|emplacement\s+de\s+parking)\b/u;

/** A parking space, box or cellar: outside the housing rules, it keeps its fee and co-ownership rules. */
export function isAnnexLot(listing: ComplianceListing): boolean {
  if (listing.propertyType === "Parking") return true;
  return (listing.propertyType === null || listing.propertyType === "Autre") && ANNEX_TITLE.test(listing.title.toLowerCase());
}

function feeRate(text: AdText): string | null {
  for (const match of text.lower.matchAll(PERCENT)) {
    const start = match.index;
    const around = text.lower.slice(Math.max(0, start - 90), start + match[0].length + 60);
    if (FEE_CONTEXT.test(around) && !OTHER_RATE.test(around)) return match[0];
  }
  return null;
}

/** Art. 3 of the arrêté du 10 janvier 2017: owed by professionals only. */
export function saleFeeFindings(listing: ComplianceListing, text: AdText, day: string): ComplianceFinding[] {
  if (listing.publisherType !== "professional" || !applies("saleAd", day)) return [];
  const buyer = words(text, BUYER_PAYS);
  const seller = words(text, SELLER_PAYS);
  if (!buyer && !seller) {
    return [finding("vente.honoraires_absents", "missing", "L'annonce ne dit pas qui paie les honoraires de l'agence (vendeur ou acquéreur).", ABSENT, "saleAd")];
  }
  if (!buyer) return [];
  const found: ComplianceFinding[] = [];
  if (!amountAfter(text, PRICE_WITHOUT_FEES) && !amountBefore(text, PRICE_WITHOUT_FEES)) {
    found.push(finding("vente.prix_hors_honoraires_absent", "missing", "Honoraires à la charge de l'acquéreur : le prix hors honoraires n'est pas indiqué.", buyer, "saleAd"));
  }
  if (!feeRate(text)) {
    found.push(finding("vente.taux_honoraires_absent", "missing", "Honoraires à la charge de l'acquéreur : leur taux TTC rapporté au prix hors honoraires n'est pas indiqué.", buyer, "saleAd"));
  }
  return found;
}

/** CCH L.721-1: a lot in a copropriété, said so or presumed (a flat), whoever sells it. */
export function coOwnershipFindings(listing: ComplianceListing, text: AdText, day: string): ComplianceFinding[] {
  if (!applies("coOwnership", day) || words(text, NOT_CO_OWNERSHIP)) return [];
  const said = words(text, CO_OWNERSHIP);
  const presumed = listing.propertyType === "Appartement";
  if (!said && !presumed) return [];
  const evidence = said ?? "appartement (présumé en copropriété)";
  const found: ComplianceFinding[] = [];
  if (!said) {
    found.push(finding("copropriete.mention_absente", "missing", "Appartement : l'annonce doit dire que le bien est soumis au statut de la copropriété.", evidence, "coOwnership"));
  }
  if (!numberBefore(text, LOTS) && !numberAfter(text, LOTS_AFTER, /(?:)/u)) {
    found.push(finding("copropriete.lots_absents", "missing", "Bien en copropriété : le nombre de lots n'est pas indiqué.", evidence, "coOwnership"));
  }
  if (!amountAfter(text, CHARGES_WORD) && !amountBefore(text, CHARGES_AFTER_AMOUNT) && !amountAfter(text, BUDGET)) {
    found.push(
      finding("copropriete.charges_absentes", "missing", "Bien en copropriété : le montant moyen annuel de la quote-part du budget prévisionnel (charges courantes) n'est pas indiqué.", evidence, "coOwnership"),
    );
  }
  if (!words(text, PROCEEDINGS)) {
    found.push(finding("copropriete.procedures_absentes", "missing", "Bien en copropriété : l'annonce doit dire si le syndicat fait l'objet d'une procédure (ou qu'il n'y en a pas).", evidence, "coOwnership"));
  }
  return found;
}
