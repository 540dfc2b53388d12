/**
 * What the listing makes the visit (or the address, the keys, the appointment, the study of a
 * file) conditional on, read by roles rather than by wording: in one sentence, *something asked*
 * (money in any form: an amount, a fee, a premium, a subscription, a deposit; or personal
 * documents and access codes), *a gate* (before the visit, to obtain a visit or an appointment,
 * as a condition of it, once it is received) and *how* it travels (an outside link or upload, a
 * messaging app, e-mail). A sentence that ties the same thing to the lease signature, the notary
 * or a completed visit is the legal sequence and counts for nothing here.
 *
 * This covers what the typology (docs/moderation/typologies.md) lists as L2, L5, L6, L9, L12 and
 * V1: money before the visit by whatever name (a "prime", an "adhésion", "frais de vérification",
 * an "indemnité d'immobilisation" on a sale), paid guarantees, insurances and certificates to
 * subscribe before a visit, and documents asked before any visit through an outside channel.
 * The rules already reading specific wordings (language.ts, money-flow.ts) stay; the families
 * keep their strongest piece, so a listing caught by both counts once.
 */
import type { Evidence } from "../types";
import { stems } from "./gates";
import type { Match, TextDoc } from "./text-doc";

/** Something of value asked of the applicant (money in any form). */
const MONEY_ASKED =
  /\b\d[\d .]*\s?(?:€|euros?\b|eur\b)|\b(?:verser|versez|versement|payer|payez|paiement|regler|reglez|reglement|s'acquitter|acquittez|souscrire|souscrivez|souscription|adhesion|cotisation|prime|frais|participation|acompte|avance|indemnite d'immobilisation|cheque|especes|virement|deposit|fee|pay)\b/g;
const MONEY_GATE = stems(
  "verse",
  "payer",
  "payez",
  "paiement",
  "regle",
  "acquitt",
  "souscri",
  "adhesion",
  "cotisation",
  "prime",
  "frais",
  "participation",
  "acompte",
  "avance",
  "indemnite",
  "cheque",
  "especes",
  "virement",
  "deposit",
  "fee",
  "pay",
  "euro",
  "eur",
);
const MONEY_FRAGMENTS = /€/;

/** Personal documents, identity proofs and access codes. */
const DOCUMENTS_ASKED =
  /\b(?:pieces? d'identite|cartes? d'identite|passeports?|cni|titres? de sejour|(?:fiches?|bulletins?) de (?:paie|paye|salaire)|avis d'imposition|avis d'impot|releves? (?:de compte|bancaires?)|rib|iban|justificatifs?|carte vitale|contrat de travail|dossier complet|copies? de vos|selfie|identifiants?|mots? de passe|code (?:recu|de verification|de confirmation|a usage unique)|coordonnees bancaires|numero de carte|documents? (?:d'identite|personnels?))\b/g;
const DOCUMENTS_GATE = stems(
  "piece",
  "carte",
  "passeport",
  "cni",
  "titre",
  "fiche",
  "bulletin",
  "avis",
  "releve",
  "rib",
  "iban",
  "justificatif",
  "contrat",
  "dossier",
  "copie",
  "selfie",
  "identifiant",
  "mot",
  "code",
  "coordonnees",
  "numero",
  "document",
);

/** Before the visit, or to obtain it (the visit, the address, an appointment, the keys). */
const GATE =
  /\bavant (?:(?:la|le|les|toute|tout|une|un|votre|vos|de|d'|meme|chaque|notre|l'|pouvoir|faire|effectuer|organiser|fixer)\s?){0,3}(?:visites?|visiter|rendez-vous|rdv|remise (?:du|de votre) dossier|dossier de visite|remise des cles|communication de l'adresse|l'adresse|adresse exacte|etude (?:du|de votre) dossier|creneau)\b|\bpour (?:que je puisse |pouvoir |qu'on puisse |que nous puissions )?(?:vous )?(?:obtenir|avoir|recevoir|fixer|confirmer|proposer|programmer|organiser|planifier|debloquer|valider|reserver|acceder a) (?:un |une |le |la |l'|les |votre |vos |au |a la )?(?:rendez-vous|rdv|visites?|adresse|creneaux?|cles|code d'acces)\b|\b(?:condition|prealable|obligatoire|indispensable|exige|requis)\w* (?:a |pour |de |d'|avant )?(?:la |toute |une |chaque |votre )?(?:visites?|rendez-vous)\b|\b(?:avant|before) (?:any |the )?(?:viewing|visit)\b|\bto (?:book|arrange|get|schedule) (?:a |the )?(?:viewing|visit)\b/;

/**
 * The visit as what follows the request ("seuls les dossiers complets recevront une date de
 * visite", "vous recevez ensuite les dates de visite"): read in the same sentence or the next.
 */
const VISIT_FOLLOWS =
  /\b(?:seule?s?|ensuite|alors seulement|une fois (?:recus?|validee?s?|le paiement|la somme|le versement|l'attestation|le certificat)|des (?:reception|validation)|apres (?:reception|validation|verification))\b[^.;!?]{0,80}?\b(?:dates?|creneaux?|rendez-vous|rdv|visites?|visiter|adresse)\b|\bpour (?:bloquer|reserver|retenir|garder|obtenir) (?:un |une |le |la |votre )?(?:creneau|date|place|horaire)\b/;

/** Where the documents or the money go: an outside link, an upload, messaging, e-mail. */
const OUTSIDE_CHANNEL =
  /\bhttps?:|\bwww\.|\b[a-z0-9-]+\.(?:com|fr|net|org|io|co|info|eu|site|online)\b|\b(?:lien|formulaire en ligne|plateforme de depot|telecharg\w*|televers\w*|deposer|deposez|wetransfer|google (?:drive|forms?)|dropbox|whatsapp|telegram|signal|messenger|sms)\b/;
const EMAIL_CHANNEL = /\b(?:par |a mon |a l'adresse |sur mon )?(?:e-?mail|mail|courriel)\b|@/;

/** The legal sequence: tied to the lease, the notary, or after the visit. */
const LEGAL_MOMENT =
  /\b(?:a|lors de|le jour de|au moment de|apres) (?:la )?signature\b|\bsignature du (?:bail|contrat|compromis)\b|\bchez (?:le |un |votre |notre )?notaire\b|\b(?:au|du|le) compromis\b|\bapres (?:la |votre |une |chaque )?visite\b|\bune fois (?:le bail|le contrat|la visite) (?:signe|faite|effectuee)|\betat des lieux\b|\bsequestre (?:du|chez le) notaire\b/;
const AFTER_VISIT = /\bapres (?:la |votre |une |chaque )?visite\b/;

/** The State's free file and guarantee services: documents filed there are the honest way. */
const OFFICIAL_FILE = /\bdossier ?facile\b|\bvisale\b/;

const QUOTE_PREFIX = {
  money: "Somme demandée avant toute visite ou pour l'obtenir",
  documents: "Documents personnels demandés avant toute visite",
} as const;

/**
 * Evidence of a payment or of documents the visit is conditional on. Documents sent to an
 * outside link or app weigh fully; by e-mail, less (honest agencies still ask that, wrongly).
 */
export function conditionEvidence(doc: TextDoc): Evidence[] {
  const evidence: Evidence[] = [];
  const money =
    doc.has(MONEY_GATE) || MONEY_FRAGMENTS.test(doc.text) ? gated(doc, MONEY_ASKED) : null;
  if (money) {
    evidence.push({
      family: "paymentBeforeVisit",
      weight: 0.8,
      reason: `${QUOTE_PREFIX.money} : ${doc.quote(money)}`,
    });
  }
  const documents = doc.has(DOCUMENTS_GATE) ? gated(doc, DOCUMENTS_ASKED, OFFICIAL_FILE) : null;
  if (documents) {
    const sentence = doc.sentence(documents.sentence);
    const weight = OUTSIDE_CHANNEL.test(sentence) ? 1 : EMAIL_CHANNEL.test(sentence) ? 0.6 : 0.4;
    evidence.push({
      family: "documentsBeforeVisit",
      weight,
      reason: `${QUOTE_PREFIX.documents} : ${doc.quote(documents)}`,
    });
  }
  return evidence;
}

/** First affirmative match of `asked` in a sentence that gates the visit on it, off the legal moments. */
function gated(doc: TextDoc, asked: RegExp, honestWay?: RegExp): Match | null {
  const checked = new Set<number>();
  asked.lastIndex = 0;
  for (const m of doc.findAll(asked)) {
    if (checked.has(m.sentence)) continue;
    checked.add(m.sentence);
    const visitGated =
      doc.sentenceHas(m.sentence, GATE) ||
      doc.sentenceHas(m.sentence, VISIT_FOLLOWS) ||
      (m.sentence + 1 < doc.sentenceCount && doc.sentenceHas(m.sentence + 1, VISIT_FOLLOWS));
    if (!visitGated) continue;
    // Money asked explicitly before the visit stays so when the sentence adds that it is
    // "deducted at the notary" or "cashed at signature" (the usual cover story, typology V1);
    // only a sentence that also places it after the visit is read as the legal sequence.
    const legal = doc.sentenceHas(m.sentence, GATE)
      ? doc.sentenceHas(m.sentence, AFTER_VISIT)
      : doc.sentenceHas(m.sentence, LEGAL_MOMENT);
    if (legal) continue;
    if (honestWay && doc.sentenceHas(m.sentence, honestWay)) continue;
    if (doc.isAffirmative(m)) return m;
    // Another request of the same sentence may be the affirmative one ("sans frais, mais…").
    checked.delete(m.sentence);
  }
  return null;
}

/** The patterns, named for the rule-support report (rule-support.ts). */
export const CONDITION_RULES = {
  MONEY_ASKED,
  DOCUMENTS_ASKED,
  GATE,
  VISIT_FOLLOWS,
  OUTSIDE_CHANNEL,
  LEGAL_MOMENT,
  OFFICIAL_FILE,
};
