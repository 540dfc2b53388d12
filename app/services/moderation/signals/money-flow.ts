/**
 * How the money would move, read clause by clause: *what* is asked (deposit, first rent,
 * reservation, file fees, insurance or certificate fees, documents), *how* (peer-to-peer apps,
 * a payment link, crypto exchanges), *to whom* (a third-party site or service) and *when* (before
 * any visit, before the lease is signed, against a key box).
 *
 * The French rules that make this decisive (loi du 6 juillet 1989, loi ALUR):
 *  - an agency may charge a tenant nothing before the lease is signed, and a landlord nothing for
 *    a file, an insurance he takes out, or a certificate;
 *  - the dépôt de garantie is taken only at signature (one month unfurnished, two furnished);
 *  - nobody legitimately asks for money to "bloquer" a rental before a visit.
 * Holiday lets are the legal exception: arrhes against a written seasonal contract.
 *
 * The same reading also finds what speaks *for* a listing: money tied to the signature, the
 * official free guarantees (Visale, DossierFacile), an owner who shows the place.
 */
import type { Evidence } from "../types";
import { stems } from "./gates";
import { HOLIDAY_LET } from "./language-patterns";
import type { Match, TextDoc } from "./text-doc";

// --- What ---------------------------------------------------------------------------------------
/** Fees no tenant owes before a lease: file, application, certificate, insurance, membership. */
const FEE =
  /\b(?:frais (?:de |d')?(?:dossier|candidature|inscription|constitution|verification|gestion|traitement|certification|agence|ouverture)|(?:assurance|garantie) (?:loyers? impayes?|locative|gli)|certificat\w* de solvabilite|attestation de solvabilite|certification (?:de|du) dossier|abonnement|cotisation|(?:application|booking|holding|admin(?:istration)?|processing|screening|background check) fee|fee for the (?:application|viewing|visit))\b/g;
const FEE_GATE = stems(
  "frais",
  "impaye",
  "locative",
  "gli",
  "certifica",
  "attestation",
  "abonnement",
  "cotisation",
  "fee",
);
/** A money request in English (the French PAY pattern covers French). */
const PAY_EN =
  /\b(?:deposit|first month'?s? rent|advance rent|payment|pay|paid|wire|transfer|send (?:the |me )?(?:money|funds|deposit))\b/g;
const PAY_EN_GATE = stems("deposit", "first", "advance", "pay", "wire", "transfer", "send");

/** An amount of money: with a payment app in the same sentence, it is a payment request. */
const AMOUNT = /\b\d[\d .]*\s?(?:€|euros?\b|eur\b)/g;

// --- How / to whom ------------------------------------------------------------------------------
/** Peer-to-peer and neobank transfers: instant, final, and no bank asks who the payee is. */
const PEER_TO_PEER =
  /\b(?:lydia|wero|paylib|sumeria|wise|transferwise|revolut|n26|skrill|payoneer|cash ?app|venmo|zelle|binance|coinbase|kraken|bybit|kucoin|usdc|stablecoins?|portefeuille (?:crypto|numerique)|crypto ?wallet)\b/g;
const PEER_TO_PEER_GATE = stems(
  "lydia",
  "wero",
  "paylib",
  "sumeria",
  "wise",
  "transferwise",
  "revolut",
  "n26",
  "skrill",
  "payoneer",
  "cash",
  "venmo",
  "zelle",
  "binance",
  "coinbase",
  "kraken",
  "bybit",
  "kucoin",
  "usdc",
  "stablecoin",
  "portefeuille",
  "crypto",
);
/** A link, site or "secure" service the applicant must go through to pay or apply. */
const THIRD_PARTY =
  /\b(?:(?:via|par|sur|through|on|using) (?:le |la |l'|un |une |notre |this |the |our |a )?(?:lien|link|site|plateforme|platform|portail|portal|formulaire|application|service|societe|company|agence de transport|transporteur)(?: \w+){0,3}? (?:securise\w*|secure\w*|de paiement|de verification|payment|verification|partenaire|en ligne|online|ci-dessous|below|dedie\w*))\b|\blien (?:de paiement|securise)\b|\bpayment link\b|\bpaiement (?:securise|en ligne) (?:via|par|sur)\b/g;
/** Every shape of THIRD_PARTY ends on one of these words (the service's claimed purpose). */
const THIRD_PARTY_GATE = stems(
  "securis",
  "secure",
  "paiement",
  "verification",
  "payment",
  "partenaire",
  "ligne",
  "online",
  "dessous",
  "below",
  "dedie",
);

// --- When ---------------------------------------------------------------------------------------
const BEFORE_LEASE =
  /\bavant (?:la |toute |de )?(?:visite|signature|signer|la remise|l'etat des lieux|le bail|de visiter|rendez-vous|tout contact|tout echange)\b|\bpour (?:pouvoir )?(?:candidater|postuler|deposer (?:votre|un) dossier|obtenir (?:une|la) visite|visiter|acceder aux visites|etre (?:retenu|selectionne|recontacte))\b|\b(?:before|prior to) (?:the |any |a |you )?(?:viewing|visit|signing|lease|see)\w*\b|\bto (?:reserve|secure|hold|book) (?:it|the (?:flat|apartment|house|room|property|place|unit))\b|\bobligatoire(?:s|ment)?\b|\bmandatory\b|\brequired\b/;
const KEY_BOX =
  /\b(?:boite a (?:cles?|clefs?)|key ?box|lockbox|keys? (?:will be )?(?:sent|mailed|shipped|couriered|delivered)|(?:send|ship|mail|courier) (?:you )?the keys?)\b/g;
const KEY_BOX_GATE = stems("boite", "key", "lockbox");

// --- How much: the dépôt de garantie is capped by law (one month unfurnished, two furnished) ----
const DEPOSIT_MONTHS =
  /\b(?:caution|depot de garantie|deposit)\b[^.;!?\n]{0,30}?\b(\d{1,2}|un|une|deux|trois|quatre|cinq|six|one|two|three|four|five|six)\s?(?:mois|months?)\b/g;
const DEPOSIT_GATE = stems("caution", "depot", "deposit");
const FURNISHED_TEXT = /\b(?:meublee?s?|furnished)\b/;
const UNFURNISHED_TEXT = /\b(?:non meublee?s?|vide|unfurnished)\b/;
const MONTH_WORDS: Readonly<Record<string, number>> = {
  un: 1,
  une: 1,
  one: 1,
  deux: 2,
  two: 2,
  trois: 3,
  three: 3,
  quatre: 4,
  four: 4,
  cinq: 5,
  five: 5,
  six: 6,
};

// --- What, beyond money: documents the law forbids a landlord to ask for (décret n° 2015-1437:
// carte Vitale, bank statements, a photo, a criminal record...) and codes that open an account.
const IDENTITY_HARVEST =
  /\b(?:carte vitale|releves? (?:de compte|bancaires?)|attestation de bonne tenue de compte|extrait de casier judiciaire|casier judiciaire|dossier medical|photo d'identite|selfie|identifiants? (?:bancaires?|de connexion)|codes? (?:recus? )?par sms|codes? de (?:verification|confirmation) (?:recus? )?par sms|bank statements?|social security card|verification code)\b/g;
const IDENTITY_HARVEST_GATE = stems(
  "vitale",
  "releve",
  "releves",
  "tenue",
  "casier",
  "medical",
  "photo",
  "selfie",
  "identifiant",
  "identifiants",
  "sms",
  "statement",
  "statements",
  "social",
  "verification",
);

// --- What speaks for the listing ------------------------------------------------------------
const AT_SIGNATURE =
  /\b(?:(?:a|lors de|au moment de|le jour de|apres) (?:la )?signature(?: du bail| du contrat)?|(?:a|lors de) l'etat des lieux|a la remise des cles|at (?:the )?(?:lease )?signing|when (?:we|you) sign)\b/g;
const AT_SIGNATURE_GATE = stems("signature", "lieux", "remise", "signing", "sign");
const MONEY_WORD =
  /\b(?:caution|depot de garantie|premier loyer|loyer|paiement|payer|regle\w*|verse\w*|virement|deposit|rent|payment|pay)\b/;
const OFFICIAL_GUARANTEE =
  /\b(?:visale|dossier ?facile|action logement|loc'avantages|garantme|cautioneo)\b/g;
const OFFICIAL_GUARANTEE_GATE = stems(
  "visale",
  "dossierfacile",
  "facile",
  "logement",
  "avantages",
  "garantme",
  "cautioneo",
);

/** The wording rules of this module, for the rule-support report (rule-support.ts). */
export const MONEY_FLOW_RULES = {
  FEE,
  IDENTITY_HARVEST,
  DEPOSIT_MONTHS,
  PAY_EN,
  PEER_TO_PEER,
  THIRD_PARTY,
  BEFORE_LEASE,
  KEY_BOX,
  AT_SIGNATURE,
  OFFICIAL_GUARANTEE,
} as const;

/** Money before the lease, a third party in the payment path, and the legal signs. */
export function moneyFlowEvidence(
  doc: TextDoc,
  payments: () => Match[],
  professional: () => boolean,
): Evidence[] {
  const evidence: Evidence[] = [];
  // Lazy: most honest listings never reach the rules that need these.
  let holiday: boolean | null = null;
  const holidayWithContract = (): boolean =>
    (holiday ??= HOLIDAY_LET.test(doc.text) && /\bcontrat\b/.test(doc.text));
  let english: Match[] | null = null;
  const englishPayments = (): Match[] =>
    (english ??= doc.has(PAY_EN_GATE) ? doc.findAll(PAY_EN) : []);
  let money: Set<number> | null = null;
  const moneySentences = (): Set<number> =>
    (money ??= new Set(
      [...payments(), ...englishPayments(), ...doc.findAll(AMOUNT)].map((m) => m.sentence),
    ));

  // What + when: a fee, or any payment, tied to a moment before the lease.
  const fees = doc.has(FEE_GATE) ? doc.findAll(FEE).filter((m) => doc.isAffirmative(m)) : [];
  const early =
    fees.find(
      (m) =>
        BEFORE_LEASE.test(doc.sentence(m.sentence)) ||
        professional() ||
        /\d/.test(doc.sentence(m.sentence)),
    ) ??
    englishPayments().find(
      (m) =>
        BEFORE_LEASE.test(doc.sentence(m.sentence)) &&
        doc.isAffirmative(m) &&
        !holidayWithContract(),
    );
  if (early) {
    evidence.push({
      family: "moneyBeforeLease",
      weight: 1,
      reason: `Frais ou paiement exigés avant la signature du bail : ${doc.quote(early)}`,
    });
  }

  // How / to whom: a peer-to-peer app or a third-party payment service in a money clause.
  const carriers = [
    ...(doc.has(PEER_TO_PEER_GATE) ? doc.findAll(PEER_TO_PEER) : []),
    ...(doc.has(THIRD_PARTY_GATE) ? doc.findAll(THIRD_PARTY) : []),
  ];
  const carrier = carriers.find(
    (m) =>
      (moneySentences().has(m.sentence) || fees.some((f) => f.sentence === m.sentence)) &&
      doc.isAffirmative(m),
  );
  if (carrier) {
    evidence.push({
      family: "thirdPartyPayment",
      weight: 1,
      reason: `Paiement par un service tiers hors bail : ${doc.quote(carrier)}`,
    });
  }

  // When: keys left in a box or sent, once money has been asked for.
  if (doc.has(KEY_BOX_GATE)) {
    const box = doc.findAll(KEY_BOX).find((m) => doc.isAffirmative(m));
    if (box && moneySentences().size > 0 && !holidayWithContract()) {
      evidence.push({
        family: "keysByPost",
        weight: 1,
        reason: `Clés remises sans rencontre (boîte à clés ou envoi) : ${doc.quote(box)}`,
      });
    }
  }

  // What, beyond money: identity documents and codes nobody may ask for.
  const harvest = doc.has(IDENTITY_HARVEST_GATE)
    ? doc.findAll(IDENTITY_HARVEST).find((m) => doc.isAffirmative(m))
    : undefined;
  if (harvest) {
    evidence.push({
      family: "identityHarvest",
      weight: 1,
      reason: `Pièces ou codes qu'un bailleur ne peut pas demander : ${doc.quote(harvest)}`,
    });
  }

  // How much: a deposit above the legal cap (furnished homes may ask two months, others one).
  if (doc.has(DEPOSIT_GATE)) {
    const furnished = FURNISHED_TEXT.test(doc.text) && !UNFURNISHED_TEXT.test(doc.text);
    const excessive = doc.findAll(DEPOSIT_MONTHS).find((m) => {
      const count = /\d/.test(m.text)
        ? Number(/\d{1,2}/.exec(m.text)?.[0])
        : (MONTH_WORDS[/(\w+)\s?(?:mois|months?)$/.exec(m.text)?.[1] ?? ""] ?? 0);
      return count > (furnished ? 2 : 1) && doc.isAffirmative(m);
    });
    if (excessive) {
      evidence.push({
        family: "excessiveDeposit",
        weight: 1,
        reason: `Dépôt de garantie au-delà du maximum légal (un mois vide, deux meublé) : ${doc.quote(excessive)}`,
      });
    }
  }

  // For the listing: money tied to the signature, official free guarantees.
  const signature = doc.has(AT_SIGNATURE_GATE)
    ? doc
        .findAll(AT_SIGNATURE)
        .find((m) => MONEY_WORD.test(doc.sentence(m.sentence)) && doc.isAffirmative(m))
    : undefined;
  if (signature) {
    evidence.push({
      family: "paysAtSignature",
      weight: 1,
      reason: `Paiement prévu à la signature : ${doc.quote(signature)}`,
    });
  }
  const official = doc.has(OFFICIAL_GUARANTEE_GATE)
    ? doc.findAll(OFFICIAL_GUARANTEE).find((m) => doc.isAffirmative(m))
    : undefined;
  if (official) {
    evidence.push({
      family: "officialGuarantee",
      weight: 1,
      reason: `Garantie ou dossier officiel gratuit accepté : ${doc.quote(official)}`,
    });
  }
  return evidence;
}
