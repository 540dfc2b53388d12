/**
 * Scam-language signal: what the listing *asks the applicant to do*.
 *
 * Every rule only counts affirmative statements: a match inside an anti-scam warning
 * ("méfiez-vous…", "si on vous demande ça, c'est une arnaque") or after a negation in the same
 * clause ("je ne demande aucun paiement avant la visite") is ignored. Weights are log-odds
 * (see scoring.ts): ≈ 4-5.5 means "enough on its own", ≈ 1-2.5 "suspicious, needs company",
 * < 1 "only strengthens other evidence".
 */
import { normalizeText } from "../normalize";
import type { Evidence } from "../types";
import * as Patterns from "./language-patterns";
import { stems } from "./gates";
import { moneyFlowEvidence } from "./money-flow";
import { textLanguageEvidence } from "./text-language";
import { displayPlace, findForeignPlaces, FOREIGN_PLACE_GATE } from "./places";
import type { Match, TextDoc } from "./text-doc";

/** Local bindings (read once): hot paths must not go through module-namespace accessors. */
const {
  ABROAD_GENERIC,
  ABROAD_GENERIC_GATE,
  AFTER_PAYMENT,
  AFTER_PAYMENT_GATE,
  COURIER,
  BEFORE_VISIT_GATE,
  RESERVE_GATE,
  AT_VISIT,
  BEFORE_VISIT,
  CANNOT_VISIT,
  DISTRESS,
  DISTRESS_GATE,
  DOCUMENTS,
  DOCUMENTS_GATE,
  DOSSIER_FACILE,
  EMAIL,
  EMAIL_GATE,
  EMAIL_HINT,
  EMAIL_HINT_GATE,
  END_OF_LEASE,
  ESCROW,
  ESCROW_GATE,
  FOREIGN_ACCOUNT,
  FOREIGN_ACCOUNT_GATE,
  FRENCH_CALLING_CODES,
  FRENCH_PHONE,
  INTERNATIONAL_PHONE,
  KEYS,
  KEYS_GATE,
  KEYS_SENT,
  LEGAL_SALE_CONTEXT,
  MESSAGING_APPS,
  MESSAGING_APPS_GATE,
  NOTARY_ABROAD,
  NOTARY_GATE,
  ONLY_OFF_PLATFORM,
  ONLY_OFF_PLATFORM_GATE,
  PAID_VISIT,
  PAID_VISIT_GATE,
  PAY,
  PAY_GATE,
  HOLIDAY_LET,
  PLACE_PREPOSITION,
  PLATFORM,
  PLATFORM_GATE,
  PLATFORM_MONEY,
  PRESSURE,
  PRESSURE_GATE,
  PROFESSIONAL_OWNER,
  PROFESSIONAL_TEXT,
  PROFESSIONAL_TEXT_GATE,
  PROXY_PERSON,
  PROXY_TASK,
  PROXY_VERB,
  REFUND,
  REFUND_GATE,
  REFUSES_SITE_GATE,
  REFUSES_SITE_MESSAGING,
  RESERVE,
  SECURE_STORY,
  SECURE_STORY_GATE,
  SELF_LOCATION,
  SELF_VISITS,
  SIGNATURE_ANCHOR,
  UNTRACEABLE_PAYMENTS,
  VAGUE_PROCEDURE,
  VAGUE_PROCEDURE_GATE,
  VISIT_OR_ADDRESS,
} = Patterns;

/**
 * Strengths are ordinal grades inside a family (1 = the family's plain case); how much each family
 * counts is fitted (model.ts). Only families with several kinds of evidence grade them.
 */
/** Agencies and notaries print their contact details as a matter of course. */
const PROFESSIONAL_CONTACT_STRENGTH = 0.3;

/** @param ownerKey who publishes the listing, to recognise professional advertisers. */
export function languageEvidence(doc: TextDoc, ownerKey: string | null = null): Evidence[] {
  const evidence: Evidence[] = [];
  const push = (family: Evidence["family"], weight: number, reason: string): void => {
    evidence.push({ family, weight, reason });
  };

  // --- Untraceable payment ------------------------------------------------------------------
  const means: string[] = [];
  for (const { pattern, label, gate } of UNTRACEABLE_PAYMENTS) {
    if (means.includes(label) || !doc.has(gate)) continue;
    if (doc.hasAffirmative(pattern)) means.push(label);
  }
  if (means.length > 0) {
    push("untraceablePayment", 1, `Paiement par ${means.slice(0, 2).join(" ou ")} demandé`);
  }

  // --- Foreign bank account -----------------------------------------------------------------
  const foreignAccount =
    doc.has(FOREIGN_ACCOUNT_GATE) && doc.hasAffirmative(FOREIGN_ACCOUNT);
  if (foreignAccount) push("foreignAccount", 1, "Paiement vers un compte bancaire étranger");

  // --- Money before the visit ---------------------------------------------------------------
  // Payment mentions are computed once, lazily: most honest listings never need them.
  let paymentMatches: Match[] | null = null;
  const payments = (): Match[] => (paymentMatches ??= doc.has(PAY_GATE) ? doc.findAll(PAY) : []);
  const early = paymentBeforeVisit(doc, payments);
  if (early) {
    push(
      "paymentBeforeVisit",
      1,
      `Argent demandé avant toute visite (réservation, caution ou premier loyer) : ${doc.quote(early)}`,
    );
  }

  // --- Refund promise -----------------------------------------------------------------------
  if (doc.has(REFUND_GATE) && payments().some((m) => doc.isAffirmative(m))) {
    // Negation is not checked: "si ça ne vous convient pas, vous êtes remboursé" is conditional.
    const refund = doc
      .findAll(REFUND)
      .some((m) => !doc.isWarned(m) && !doc.sentenceHas(m.sentence, END_OF_LEASE));
    if (refund) push("refundPromise", 1, "Remboursement promis si le logement ne convient pas");
  }

  // --- Fake escrow / platform-secured payment ----------------------------------------------
  const escrowLabel = escrowStory(doc);
  if (escrowLabel)
    push("escrowStory", 1, `Paiement via un prétendu intermédiaire sécurisé (${escrowLabel})`);

  // --- Keys by post ---------------------------------------------------------------------------
  if (
    doc.has(KEYS_GATE) &&
    (KEYS_SENT.some((pattern) => doc.hasAffirmative(pattern)) ||
      doc.findAffirmative(COURIER).some((m) => doc.sentenceHas(m.sentence, KEYS)))
  ) {
    push("keysByPost", 1, "Clés envoyées par courrier ou transporteur");
  }

  // --- Absent owner -------------------------------------------------------------------------
  evidence.push(...absentOwner(doc));

  // --- Contact off the platform: each channel is a family of its own ------------------------
  let professional: boolean | null = null;
  const isPro = (): boolean => (professional ??= isProfessional(doc, ownerKey));
  evidence.push(...offPlatform(doc, isPro));
  if (isPro()) push("professionalPublisher", 1, "Annonceur professionnel (agence, notaire)");

  // --- How the money moves, clause by clause (money-flow.ts) ---------------------------------
  evidence.push(...moneyFlowEvidence(doc, payments, isPro));
  const language = textLanguageEvidence(doc);
  if (language) evidence.push(language);

  // --- Pressure -----------------------------------------------------------------------------
  if (doc.has(PRESSURE_GATE)) {
    const pressureWords = new Set(doc.findAffirmative(PRESSURE).map((m) => m.text));
    if (pressureWords.size > 0) {
      push(
        "pressure",
        Math.min(2, pressureWords.size) / 2,
        `Mise sous pression (« ${[...pressureWords].slice(0, 2).join(" », « ")} »)`,
      );
    }
  }

  // --- Vague procedure ------------------------------------------------------------------------
  const vague =
    doc.has(VAGUE_PROCEDURE_GATE) &&
    doc
      .findAll(VAGUE_PROCEDURE)
      .some((m) => !doc.isWarned(m) && !doc.sentenceHas(m.sentence, AT_VISIT));
  if (vague) push("vagueProcedure", 1, "Conditions de location renvoyées à un échange privé");

  // --- Distress story -------------------------------------------------------------------------
  if (doc.has(DISTRESS_GATE) && doc.hasAffirmative(DISTRESS)) {
    push("distressStory", 1, "Histoire personnelle dramatique pour presser la décision");
  }

  // --- Documents before the visit -----------------------------------------------------------
  const documentsFirst =
    doc.has(DOCUMENTS_GATE) &&
    doc
      .findAffirmative(DOCUMENTS)
      .some(
        (m) =>
          doc.sentenceHas(m.sentence, BEFORE_VISIT) && !doc.sentenceHas(m.sentence, DOSSIER_FACILE),
      );
  if (documentsFirst) {
    push("documentsBeforeVisit", 1, "Documents personnels demandés avant toute visite");
  }

  return evidence;
}

/**
 * Money asked before the visit, in three shapes:
 *  1. "…caution… avant la visite"                     (payment + before-visit in one sentence)
 *  2. "…virement… pour réserver / bloquer…"            (payment + reservation, not at signing)
 *  3. "dès réception du premier loyer… la visite/l'adresse/les clés" (sequence)
 * plus paying for the visit itself ("150 € de frais pour réserver la visite").
 */
function paymentBeforeVisit(doc: TextDoc, payments: () => Match[]): Match | null {
  const paidVisit = doc.has(PAID_VISIT_GATE) ? doc.findAffirmative(PAID_VISIT)[0] : undefined;
  if (paidVisit) return paidVisit;
  // Arrhes against a written seasonal contract are the legal way to book a holiday let.
  const before = doc.has(BEFORE_VISIT_GATE);
  const reserve =
    doc.has(RESERVE_GATE) && !(HOLIDAY_LET.test(doc.text) && /\bcontrat\b/.test(doc.text));
  if (before || reserve) {
    // Cheap sentence-level filters first, the negation check only for the survivors.
    const checked = new Set<number>();
    for (const m of payments()) {
      if (checked.has(m.sentence)) continue;
      const sentence = doc.sentence(m.sentence);
      const suspicious =
        (before && BEFORE_VISIT.test(sentence)) ||
        (reserve && RESERVE.test(sentence) && !SIGNATURE_ANCHOR.test(sentence));
      if (!suspicious) {
        checked.add(m.sentence);
        continue;
      }
      if (doc.isAffirmative(m)) return m;
    }
  }
  if (!doc.has(AFTER_PAYMENT_GATE)) return null;
  for (const m of doc.findAll(AFTER_PAYMENT)) {
    const sentence = doc.sentence(m.sentence);
    if (SIGNATURE_ANCHOR.test(sentence)) continue;
    if (!VISIT_OR_ADDRESS.test(sentence) && !KEYS.test(sentence)) continue;
    if (doc.isAffirmative(m)) return m;
  }
  return null;
}

/** Label of the staged intermediary, or null. */
function escrowStory(doc: TextDoc): string | null {
  if (doc.has(PLATFORM_GATE)) {
    for (const m of doc.findAffirmative(PLATFORM)) {
      const sentence = doc.sentence(m.sentence).replace(m.text, " ");
      if (PLATFORM_MONEY.test(sentence)) return platformLabel(m.text);
    }
  }
  if (
    doc.has(NOTARY_GATE) &&
    doc.has(FOREIGN_PLACE_GATE) &&
    doc.hasAffirmative(NOTARY_ABROAD)
  ) {
    return "notaire à l'étranger";
  }
  if (doc.has(SECURE_STORY_GATE) && doc.hasAffirmative(SECURE_STORY)) {
    return "service de paiement « sécurisé »";
  }
  const escrow =
    doc.has(ESCROW_GATE) &&
    doc.findAffirmative(ESCROW).some((m) => !doc.sentenceHas(m.sentence, LEGAL_SALE_CONTEXT));
  return escrow ? "compte séquestre" : null;
}

function platformLabel(text: string): string {
  if (text.startsWith("airbnb")) return "Airbnb";
  if (text.startsWith("booking")) return "Booking";
  if (text.startsWith("paypal")) return "PayPal";
  if (text.includes("bon") || text.startsWith("leboncoin")) return "leboncoin";
  return displayPlace(text);
}

/** Owner abroad, owner unable to show the place, or someone on site who shows it. */
function absentOwner(doc: TextDoc): Evidence[] {
  let abroadPlace: string | null = null;
  for (const place of findForeignPlaces(doc)) {
    if (!doc.isAffirmative(place)) continue;
    const sentence = doc.sentence(place.sentence);
    const offset = place.start - doc.sentenceStart(place.sentence);
    const before = sentence.slice(Math.max(0, offset - 100), offset);
    if (PLACE_PREPOSITION.test(before) && SELF_LOCATION.test(before)) {
      abroadPlace = displayPlace(place.text);
      break;
    }
  }
  const abroadGeneric =
    abroadPlace === null && doc.has(ABROAD_GENERIC_GATE)
      ? doc.findAffirmative(ABROAD_GENERIC)[0]
      : undefined;
  let cannotVisit: Match | undefined;
  for (const { pattern, gate } of CANNOT_VISIT) {
    if (!doc.has(gate)) continue;
    cannotVisit = doc.findAll(pattern).find((m) => !doc.isWarned(m));
    if (cannotVisit) break;
  }
  if (hasLocalVisits(doc)) {
    return [
      {
        family: "ownerShowsIt",
        weight: 1,
        reason: "Visites faites sur place par le propriétaire ou un proche",
      },
    ];
  }
  const evidence: Evidence[] = [];
  if (abroadPlace !== null || abroadGeneric) {
    evidence.push({
      family: "ownerAbroad",
      weight: 1,
      reason: abroadPlace
        ? `Propriétaire à l'étranger (${abroadPlace})`
        : `Propriétaire absent ou à l'étranger : ${doc.quote(abroadGeneric as Match)}`,
    });
  }
  if (cannotVisit) {
    evidence.push({
      family: "cannotVisit",
      weight: 1,
      reason: `Le propriétaire dit ne pas pouvoir faire visiter : ${doc.quote(cannotVisit)}`,
    });
  }
  return evidence;
}

/** Someone on site shows the property: a relative/neighbour/agency, or the owner in person. */
function hasLocalVisits(doc: TextDoc): boolean {
  if (doc.hasAffirmative(SELF_VISITS)) return true;
  // "ma sœur fait les visites", stated affirmatively ("ma sœur ne fait pas les visites" is not).
  return doc
    .findAffirmative(PROXY_VERB)
    .some(
      (m) => doc.sentenceHas(m.sentence, PROXY_PERSON) && doc.sentenceHas(m.sentence, PROXY_TASK),
    );
}

function isProfessional(doc: TextDoc, ownerKey: string | null): boolean {
  if (ownerKey && PROFESSIONAL_OWNER.test(normalizeText(ownerKey))) return true;
  return doc.has(PROFESSIONAL_TEXT_GATE) && doc.hasAffirmative(PROFESSIONAL_TEXT);
}

function offPlatform(doc: TextDoc, professional: () => boolean): Evidence[] {
  const items: Evidence[] = [];
  /** Written contact details count less for agencies (computed only when needed). */
  const contactStrength = (): number => (professional() ? PROFESSIONAL_CONTACT_STRENGTH : 1);
  const hasEmail =
    (doc.has(EMAIL_GATE) && doc.findAll(EMAIL).some((m) => !doc.isWarned(m))) ||
    (doc.has(EMAIL_HINT_GATE) && doc.hasAffirmative(EMAIL_HINT));
  if (hasEmail)
    items.push({
      family: "email",
      weight: contactStrength(),
      reason: "Adresse e-mail écrite dans l'annonce",
    });

  let foreignCode: string | null = null;
  const internationalPhones = doc.has(PLUS_GATE) ? doc.findAll(INTERNATIONAL_PHONE) : [];
  for (const m of internationalPhones) {
    if (doc.isWarned(m)) continue;
    const digits = m.text.replace(/\D/g, "");
    if (!FRENCH_CALLING_CODES.some((code) => digits.startsWith(code))) {
      foreignCode = `+${callingCode(digits)}`;
      break;
    }
  }
  if (foreignCode) {
    items.push({
      family: "foreignPhone",
      weight: 1,
      reason: `Numéro de téléphone étranger (${foreignCode})`,
    });
  } else if (internationalPhones.length > 0 || doc.findAll(FRENCH_PHONE).length > 0) {
    items.push({
      family: "writtenPhone",
      weight: contactStrength(),
      reason: "Numéro de téléphone écrit dans l'annonce",
    });
  }

  const apps = doc.has(MESSAGING_APPS_GATE) ? doc.findAffirmative(MESSAGING_APPS) : [];
  if (apps.length > 0) {
    const app = apps[0].text.startsWith("tele")
      ? "Telegram"
      : apps[0].text.includes("app")
        ? "WhatsApp"
        : apps[0].text;
    items.push({
      family: "messagingApp",
      weight: 1,
      reason: `Contact renvoyé vers ${app} : ${doc.quote(apps[0])}`,
    });
  }
  const refuses =
    doc.has(REFUSES_SITE_GATE) &&
    REFUSES_SITE_MESSAGING.some((pattern) => doc.findAll(pattern).some((m) => !doc.isWarned(m)));
  if (refuses)
    items.push({ family: "refusesSite", weight: 1, reason: "Refus de la messagerie du site" });
  const only = doc.has(ONLY_OFF_PLATFORM_GATE)
    ? doc.findAll(ONLY_OFF_PLATFORM).find((m) => !doc.isWarned(m))
    : undefined;
  if (only) {
    items.push({
      family: "onlyOffPlatform",
      weight: 1,
      reason: `Contact exigé hors de la plateforme : ${doc.quote(only)}`,
    });
  }
  return items;
}

/**
 * Country calling code of an international number (ITU zones: +1, most of zone 2 and parts of
 * zones 3-9 use three digits, the rest two).
 */
const PLUS_GATE = stems("+");

function callingCode(digits: string): string {
  if (digits.startsWith("1") || digits.startsWith("7")) return digits.slice(0, 1);
  const two = digits.slice(0, 2);
  const threeDigitZones = /^(?:2[1-69]|3[578]|42|5[09]|6[789]|8[05789]|9[679])$/;
  return threeDigitZones.test(two) ? digits.slice(0, 3) : two;
}
