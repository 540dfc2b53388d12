import { describe, expect, it } from "vitest";
import { normalizeText } from "./normalize";
import { languageEvidence } from "./signals/language";
import { TextDoc } from "./signals/text-doc";
import type { EvidenceFamily } from "./types";

const evidenceOf = (text: string, owner: string | null = null) =>
  languageEvidence(new TextDoc(normalizeText(text)), owner);
const families = (text: string): Set<EvidenceFamily> =>
  new Set(evidenceOf(text).map((e) => e.family));
const reasons = (text: string): string =>
  evidenceOf(text)
    .map((e) => e.reason)
    .join(" | ");

describe("moyens de paiement intraçables", () => {
  it.each([
    ["Pour réserver, envoyez-moi un mandat cash de 300 € à mon nom.", "mandat cash"],
    ["Le dépôt se règle par Western Union.", "Western Union"],
    ["Paiement de la caution par MoneyGram au nom de mon notaire.", "MoneyGram"],
    ["Merci de joindre la photo d'un ticket Transcash de 800 € comme garantie.", "Transcash"],
    ["Les frais de dossier sont réglés en carte Neosurf, envoyez-moi le code.", "Neosurf"],
    ["Le dépôt doit être réglé en coupons PCS achetables en bureau de tabac.", "coupon PCS"],
    ["Un premier versement en USDT ou en Bitcoin bloque la vente.", "cryptomonnaie"],
    ["Envoyez un premier loyer par PayPal en « entre proches ».", "PayPal"],
  ])("signale « %s »", (text, label) => {
    expect(families(text).has("untraceablePayment")).toBe(true);
    expect(reasons(text)).toContain(label);
  });

  it.each([
    "Méfiez-vous des annonces qui vous demandent un virement ou des coupons.",
    "Un vrai propriétaire ne demande ni mandat, ni coupon, ni virement pour réserver.",
    "ATTENTION : je ne vous demanderai jamais d'argent, de coupons PCS ou de Transcash.",
    "Si on vous demande un mandat cash, c'est une arnaque.",
  ])("ne signale pas l'avertissement « %s »", (text) => {
    expect(families(text).has("untraceablePayment")).toBe(false);
  });
});

describe("argent demandé avant la visite", () => {
  it.each([
    "Pour bloquer l'appartement, je demande le premier loyer et la caution par virement avant la visite.",
    "L'appartement ira à la première personne qui m'envoie la caution par virement pour le réserver.",
    "Je demande un virement de réservation de 890 € avant de fixer le rendez-vous.",
    "Dès réception du premier mois et de la caution, je vous envoie l'adresse pour visiter.",
    "La personne qui réservera la maison en versant la caution pourra la visiter en premier.",
    "Pour réserver la visite je demande des frais de dossier de 150 €.",
    "Pour visiter, il faut d'abord régler les frais de visite de 50 €.",
    "Merci d'effectuer un virement de 500 € pour la caution ; une fois reçu, je vous communique l'adresse.",
  ])("signale « %s »", (text) => {
    expect(families(text).has("paymentBeforeVisit")).toBe(true);
  });

  it.each([
    // Payment by bank transfer after the lease is signed: the normal French process.
    "Le dépôt de garantie et le 1er loyer sont payés par virement une fois le bail signé.",
    "Visite, puis dossier, puis signature. Le dépôt de garantie est versé le jour de la signature, ensuite le loyer se paie par virement bancaire.",
    "Le dépôt de garantie (620 €) est à régler par virement une fois le bail signé ; ensuite loyer par virement automatique.",
    "Dépôt de garantie de 2 mois versé à la remise des clés.",
    // Owners who reassure.
    "Je ne demande aucun argent avant la signature du bail.",
    "Pas de paiement avant de visiter bien sûr, visite avec moi sur place.",
    "Aucun versement n'est demandé avant la signature du bail.",
    "Je ne vous demanderai jamais d'argent, de coupons ou de virement avant la visite.",
    // Scheduling a visit is not paying for it.
    "Réservez votre visite par message, caution d'un mois à la signature.",
    "Le premier loyer et le dépôt de garantie seront à régler à l'entrée dans les lieux.",
    "Caution : 1 mois de loyer, à verser à la signature du bail pour réserver le logement.",
    "D'abord la visite, ensuite le dossier, puis le dépôt de garantie à la signature.",
    "Dossier complet exigé avant la visite (pièce d'identité, bulletins de salaire) via DossierFacile.",
  ])("ne signale pas « %s »", (text) => {
    expect(families(text).has("paymentBeforeVisit")).toBe(false);
  });
});

describe("faux intermédiaire et clés envoyées", () => {
  it.each([
    "La location est gérée via Airbnb : le premier mois et la caution sont payés sur la plateforme.",
    "La réservation se fait par Booking.com qui garantit le paiement jusqu'à votre entrée.",
    "Je passe par le service de dépôt de la plateforme, qui garde l'argent.",
    "J'utilise le service de location sécurisée d'Airbnb.",
    "Un acompte est à verser sur le compte de mon notaire à Genève.",
    "La vente passe par un escrow américain qui protège les deux parties.",
  ])("signale l'intermédiaire « %s »", (text) => {
    expect(families(text).has("escrowStory")).toBe(true);
  });

  it.each([
    "Je ne passe par aucun service de « location sécurisée ».",
    "Résidence calme et sécurisée, parking sécurisé.",
    "Vente chez le notaire de la famille à Paris.",
    "Séquestre de 10 % chez le notaire à la signature du compromis.",
    "Annonce aussi publiée sur leboncoin, contact par la messagerie.",
    "Paiement du loyer possible par PayPal ou virement après la signature.",
    "Contactez-moi via leboncoin, paiement du loyer par virement.",
  ])("ne signale pas « %s »", (text) => {
    expect(families(text).has("escrowStory")).toBe(false);
  });

  it.each([
    "Je vous envoie les clés par La Poste en recommandé.",
    "Les clés et le contrat vous seront envoyés par colis suivi.",
    "Je vous enverrai le contrat signé et les clés par DHL Express.",
    "Les clés sont livrées à votre domicile.",
    "Je vous enverrai ensuite le code de la boîte à clés pour visiter.",
    "Pour la remise des clés, un transporteur vous les livrera à domicile.",
  ])("signale les clés envoyées « %s »", (text) => {
    expect(families(text).has("keysByPost")).toBe(true);
  });

  it.each([
    "Je ne vous enverrai pas les clés par la poste.",
    "Aucune clé envoyée par la poste, remise des clés en main propre.",
    "Remise des clés lors de l'état des lieux.",
    "Je vous envoie ensuite les coordonnées de ma sœur, qui a les clés et fait les visites.",
  ])("ne signale pas « %s »", (text) => {
    expect(families(text).has("keysByPost")).toBe(false);
  });
});

describe("propriétaire absent", () => {
  it("signale le propriétaire à l'étranger qui ne peut pas faire visiter", () => {
    const text =
      "Je suis muté à Madrid pour deux ans, je ne peux donc pas faire les visites moi-même.";
    expect(families(text).has("ownerAbroad")).toBe(true);
    expect(families(text).has("cannotVisit")).toBe(true);
    expect(reasons(text)).toContain("Propriétaire à l'étranger (Madrid)");
    expect(reasons(text)).toContain("« je ne peux donc pas faire les visites");
  });

  it.each([
    "Je ne suis pas disponible pour une visite physique, je vis à Genève.",
    "Ma sœur ne fait pas les visites, je vis en Belgique.",
    "Je vis actuellement en Côte d'Ivoire chez ma fille.",
    "Je suis expatriée en Écosse avec mon mari.",
    "Je suis en mission humanitaire avec une ONG au Burkina Faso.",
  ])("signale « %s »", (text) => {
    expect(families(text).has("ownerAbroad") || families(text).has("cannotVisit")).toBe(true);
  });

  it.each([
    "J'habite à Montréal pour 3 ans, mais c'est ma sœur Julie, qui habite Toulouse, qui fait les visites et l'état des lieux.",
    "J'habite à Kehl, de l'autre côté du Rhin, donc je fais toutes les visites moi-même.",
    "Je ne suis pas à l'étranger et je fais les visites.",
    "J'ai été muté à Lyon, c'est mon frère qui s'occupe des visites.",
    "Je vis au Portugal, ma fille qui habite sur place pourra vous faire visiter.",
    "Nous sommes expatriés en Allemagne mais notre agence s'occupe de tout (visites, état des lieux).",
    "Proche de la frontière suisse, Genève à 20 minutes.",
  ])("ne signale pas « %s »", (text) => {
    expect(families(text).has("ownerAbroad") || families(text).has("cannotVisit")).toBe(false);
  });
});

describe("contact hors plateforme", () => {
  it("signale e-mail, numéro étranger, WhatsApp et refus de la messagerie", () => {
    const text =
      "Je ne consulte pas la messagerie de ce site. Contactez-moi uniquement sur WhatsApp au +44 7700 900162 " +
      "ou par e-mail : julia.meyer.home@gmail.com";
    const found = reasons(text);
    expect(found).toContain("Adresse e-mail");
    expect(found).toContain("Numéro de téléphone étranger (+44)");
    expect(found).toContain("WhatsApp");
    expect(found).toContain("Refus de la messagerie");
  });

  it.each([
    ["Appelez-moi au +225 05 44 71 02 68.", "+225"],
    ["Téléphone : +229 01 96 41 73 28", "+229"],
    ["Mon numéro : +32 470 12 84 59", "+32"],
  ])("reconnaît l'indicatif de « %s »", (text, code) => {
    expect(reasons(text)).toContain(`(${code})`);
  });

  it("un numéro français n'est pas étranger", () => {
    const evidence = evidenceOf("Appelez-moi au +33 6 12 34 56 78 ou au 06 12 34 56 78.");
    expect(evidence.map((e) => e.reason).join()).not.toContain("étranger");
    expect(evidence.map((e) => e.family)).toEqual(["writtenPhone"]);
  });

  it("les coordonnées d'une agence pèsent moins", () => {
    const text =
      "Contactez l'agence au 04 78 00 00 00 ou contact@agence-exemple.fr. Honoraires à la charge du bailleur.";
    const privateWeight = evidenceOf("Contactez-moi : jean.dupont@gmail.com")[0].weight;
    const agency = evidenceOf(text, "Agence Exemple Immobilier");
    const agencyEmail = agency.find((e) => e.family === "email")?.weight ?? 0;
    expect(agencyEmail).toBeLessThan(privateWeight);
    expect(agency.some((e) => e.family === "professionalPublisher")).toBe(true);
  });

  it("ne signale pas « +49, c'est normal » sans numéro complet", () => {
    expect(
      families(
        "Mon numéro commence par +49, c'est normal, mais le plus simple reste la messagerie du site.",
      ).size,
    ).toBe(0);
  });
});

describe("pression et récit", () => {
  it("signale la pression", () => {
    expect(
      families("Premier arrivé, premier servi ! Énormément de demandes.").has("pressure"),
    ).toBe(true);
  });

  it("signale le récit dramatique sans en faire une preuve à lui seul", () => {
    const evidence = evidenceOf("Ma maman est hospitalisée, je dois partir en urgence.");
    expect(evidence.some((e) => e.family === "distressStory")).toBe(true);
    expect(evidence.map((e) => e.family)).toContain("distressStory");
  });
});

describe("annonce honnête", () => {
  it("ne produit que des éléments en sa faveur", () => {
    const text =
      "T3 de 65 m² au 2e étage avec ascenseur, séjour avec balcon, deux chambres. Loyer 880 € + 60 € de charges. " +
      "Je fais les visites moi-même le samedi. Dossier avec garant ou Visale. Le dépôt de garantie est versé à la " +
      "signature du bail, puis le loyer par virement chaque mois.";
    expect(new Set(evidenceOf(text).map((e) => e.family))).toEqual(
      new Set(["ownerShowsIt", "paysAtSignature", "officialGuarantee"]),
    );
  });
});
