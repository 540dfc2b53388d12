/**
 * Regular expressions of the scam-language signal, compiled once at module load.
 *
 * All patterns run on normalised text (lower-case, no accents, see normalize.ts). They are
 * families of phrasings rather than exact sentences, and every optional gap is bounded
 * ({0,40}) so that no pattern can backtrack catastrophically on long descriptions.
 */
import { stems, type Gate } from "./gates";
import { FOREIGN_PLACE } from "./places";

// ---------------------------------------------------------------------------------------------
// Untraceable payment means. A legitimate landlord never asks for these: the money cannot be
// traced or recovered, which is exactly why fraudsters want them.
// ---------------------------------------------------------------------------------------------
export const UNTRACEABLE_PAYMENTS: ReadonlyArray<{ pattern: RegExp; label: string; gate: Gate }> = [
  {
    pattern: /\bmandats?[- ]cash\b|\bmandat compte\b/g,
    label: "mandat cash",
    gate: stems("mandat"),
  },
  { pattern: /\bwestern ?union\b/g, label: "Western Union", gate: stems("western") },
  { pattern: /\bmoney ?gram\b|\bria money\b/g, label: "MoneyGram", gate: stems("money") },
  { pattern: /\btranscash\b/g, label: "Transcash", gate: stems("transcash") },
  { pattern: /\bneosurf\b/g, label: "Neosurf", gate: stems("neosurf") },
  { pattern: /\bpaysafe ?card\b|\bpaysafe\b/g, label: "Paysafecard", gate: stems("paysafe") },
  {
    pattern:
      /\b(?:coupons?|recharges?|tickets?|cartes?|codes?) (?:de |d'une valeur de )?pcs\b|\bpcs mastercard\b|\b(?:en|par) (?:coupons? )?pcs\b/g,
    label: "coupon PCS",
    gate: stems("pcs"),
  },
  {
    pattern: /\b(?:toneo|cashlib|flexepin)\b/g,
    label: "coupon prépayé",
    gate: stems("toneo", "cashlib", "flexepin"),
  },
  {
    pattern:
      /\b(?:coupons?|recharges?|cartes? prepayees?|tickets?) (?:de |d'une valeur de )?\d[\d ]*(?:€|euros?)|\bcodes? (?:de la carte|du coupon|des coupons|de (?:la )?recharge|du ticket)\b/g,
    label: "coupon prépayé",
    gate: stems("coupon", "recharge", "prepaye", "ticket", "code"),
  },
  {
    pattern: /\b(?:bitcoins?|btc|usdt|tether|ethereum|crypto-?monnaies?|cryptos?)\b/g,
    label: "cryptomonnaie",
    gate: stems("bitcoin", "btc", "usdt", "tether", "ethereum", "crypto"),
  },
  {
    pattern: /\bpaypal\b[^.;!?\n]{0,30}\b(?:entre proches|amis(?: et famille)?|famille)\b/g,
    label: "PayPal « entre proches »",
    gate: stems("paypal"),
  },
  {
    pattern: /\bcartes? cadeaux?\b|\bgoogle play\b|\bitunes\b/g,
    label: "cartes cadeaux",
    gate: stems("cadeau", "google", "itunes"),
  },
];

// ---------------------------------------------------------------------------------------------
// Bank account abroad: rent for a French flat paid to a Lithuanian or Italian account is how
// money leaves the reach of French banks and police.
// ---------------------------------------------------------------------------------------------
export const FOREIGN_ACCOUNT = new RegExp(
  [
    `\\b(?:compte|rib|iban|banque)\\b[^.;!?\\n]{0,40}?\\b(?:italien|espagnol|portugais|belge|anglais|britannique|allemand|suisse|lituanien|letton|estonien|polonais|roumain|bulgare|irlandais|neerlandais|luxembourgeois|maltais|chypriote|etranger|a l'etranger)\\b`,
    `\\b(?:compte|rib|iban)\\b[^.;!?\\n]{0,40}?\\b(?:a|au|aux|en) (?:l'|la )?${FOREIGN_PLACE}`,
    `\\biban\\s?:?\\s?(?!fr)[a-z]{2}(?:\\d{2}|\\b)`,
  ].join("|"),
  "g",
);
export const FOREIGN_ACCOUNT_GATE = stems("compte", "rib", "iban", "banque");

// ---------------------------------------------------------------------------------------------
// Money asked before the visit. In France the deposit and first rent are paid when the lease is
// signed, after a visit; anything paid "to reserve" or "before the visit" is the scam itself.
// ---------------------------------------------------------------------------------------------
export const PAY_GATE = stems(
  "caution",
  "depot",
  "premier",
  "1er",
  "acompte",
  "avance",
  "arrhes",
  "vers",
  "vir",
  "pay",
  "paie",
  "regl",
  "frais",
  "argent",
  "somme",
  "montant",
);
/** A transfer of money (bare amounts like "650 €" are deliberately not enough). */
export const PAY =
  /\b(?:caution|depots?(?: de garantie)?|premiers? (?:mois|loyers?)|1er (?:mois|loyer)|acomptes?|une avance|arrhes|versements?|virements?|verser|versez|versant|versera|verserez|versee?s?|virer|virez|payer|payez|payant|paiements?|reglements?|regler|reglez|reglerez|reglee?s?|frais de (?:dossier|reservation|visite)|argent|somme|montant)\b/g;
export const BEFORE_VISIT =
  /\bavant (?:(?:la|toute|une|de|d'|le|meme|votre|moindre|chaque|tout)\s?){0,3}(?:visites?|visiter|fixer|organiser|programmer|rendez-vous|rdv|donner l'adresse|vous donner l'adresse|communiquer l'adresse)\b/;
/**
 * Reserving *the home* (not a visit slot: "réservez votre visite" is how honest owners schedule).
 * The lookahead drops reservations whose object is a visit or an appointment.
 */
export const RESERVE =
  /\b(?:pour (?:le |la |l'|vous )?(?:reserver|bloquer|garder|retenir)|pour que je (?:le |la |l'|vous )?(?:garde|reserve|bloque)|reserv(?:er|era|erez|ez|ant|ation)|bloqu(?:er|era|erez|ez|ant)|bloque (?:la vente|le bien|l'appartement|la maison|le logement)|exclusivite)\b(?! (?:d'une |de la |de votre |une |la |votre |vos |un |des )?(?:visites?|creneaux?|rendez-vous|rdv)\b)/;
/** Paying to get a visit at all ("frais de visite", "150 € pour réserver la visite"). */
/** Both alternatives of PAID_VISIT need "frais de visite" or one of these verbs. */
export const PAID_VISIT_GATE = stems(
  "frais",
  "reserver",
  "bloquer",
  "obtenir",
  "fixer",
  "avoir",
  "visiter",
);
/** Gate on the payment nouns of AFTER_PAYMENT (its leading words "dès", "après" are everywhere). */
export const AFTER_PAYMENT_GATE = stems(
  "recu",
  "reception",
  "paiement",
  "versement",
  "virement",
  "reglement",
  "reservation",
  "transfert",
);
/** Any of the rules of paymentBeforeVisit needs one of these words besides a payment. */
export const BEFORE_VISIT_GATE = stems("avant");
export const RESERVE_GATE = stems("reserv", "bloqu", "garde", "retenir", "exclusivite");
export const DOCUMENTS_GATE = stems("avant");
export const ESCROW_GATE = stems("sequestre");
export const PAID_VISIT =
  /\bfrais de visites?\b|\b(?:frais|paiement|versement|virement|payer|regler|\d[\d ]*(?:€|euros?))\b[^.;!?\n]{0,50}?\b(?:pour|afin de) (?:pouvoir )?(?:visiter|(?:reserver|bloquer|obtenir|fixer|avoir) (?:la |une |votre |le )?(?:visite|rendez-vous|rdv))\b|\bpour (?:pouvoir )?(?:visiter|(?:reserver|bloquer|obtenir|fixer) (?:la |une |votre |le )?(?:visite|rendez-vous|rdv))\b[^.;!?\n]{0,50}?\b(?:frais|paiement|versement|virement|payer|regler|\d[\d ]*(?:€|euros?))/g;
/** "dès réception du premier loyer", "après votre paiement", "une fois le virement reçu". */
export const AFTER_PAYMENT =
  /\b(?:des|apres|une fois|sitot)\b(?: [\w']+){0,3}? (?:recu|reception|receptionne|paiement|versement|virement|reglement|reservation|transfert)\b/g;
export const VISIT_OR_ADDRESS =
  /\b(?:visites?|visiter|adresse|rendez-vous|rdv|code de la boite|boite a cles)\b/;
export const KEYS = /\b(?:cles|clefs|cle|clef)\b/;
/** Money tied to the lease signature or the check-in is the normal, legal sequence. */
export const SIGNATURE_ANCHOR =
  /\b(?:(?:a|lors de|au moment de|le jour de|apres|des) (?:la )?signature|une fois (?:le )?(?:bail|contrat) signe|apres avoir signe|(?:a|lors de) l'etat des lieux|a l'entree dans les lieux|a la remise des cles|en main propre)\b/;

/** Holiday lets: booked with arrhes against a seasonal contract, legally, before arriving. */
export const HOLIDAY_LET =
  /\b(?:location saisonniere|saisonnier\w*|gite|vacances|sejour|a la semaine|par semaine|la semaine|par nuit|la nuit|nuitees?|taxe de sejour|holiday|per (?:week|night))\b/;

/** Refund promises reassure the victim who is asked to pay for something unseen. */
export const REFUND = /\brembours\w*/g;
export const REFUND_GATE = stems("rembours");
export const END_OF_LEASE = /\b(?:sortie|fin (?:du|de) (?:bail|location)|depart du locataire)\b/;

// ---------------------------------------------------------------------------------------------
// Fake escrow / platform stories: Airbnb, Booking or leboncoin do not hold deposits for
// long-term rentals, and "notaries" abroad do not hold reservations for French property.
// ---------------------------------------------------------------------------------------------
/**
 * Holiday/classifieds platforms. PayPal is deliberately absent (paying rent by PayPal after the
 * lease is unusual but not a staged guarantee; "PayPal entre proches" is caught above).
 */
export const PLATFORM_GATE = stems(
  "airbnb",
  "booking",
  "abritel",
  "homelidays",
  "leboncoin",
  "coin",
  "vinted",
  "ebay",
);
export const PLATFORM =
  /\b(?:airbnb|booking(?:\.com| com)?|abritel|homelidays|leboncoin|le bon coin|vinted|ebay)\b/g;
/**
 * …in a sentence where the platform *holds or guarantees* the money, or handles deposit/keys:
 * a mere "contact via leboncoin, loyer par virement" must not count.
 */
export const PLATFORM_MONEY =
  /\b(?:securis\w*|securite|garanti\w*|protege\w*|protection|encaiss\w*|conserve\w*|garde|gardera|bloque\w*|sequestre|caution|depot|premiers? (?:mois|loyer)|cles|rembours\w*|lien de (?:paiement|reservation)|service de (?:paiement|reservation|location))\b/;
export const SECURE_STORY =
  /\b(?:location|paiement|transaction|reservation|vente|livraison|procedure|depot) (?:[\w']+ ){0,2}?securise\w*|\bservice (?:de |d')(?:depot|sequestre|reservation|paiement|location securisee|garantie)\b|\b(?:escrow|trust)\b|\b(?:plateforme|site|airbnb|booking) (?:[\w']+ ){0,2}?(?:garde|conserve|bloque|encaisse|retient)\w* (?:l'argent|les fonds|le paiement|la somme|le depot|la caution)\b|\bl'argent (?:est|reste|sera) bloque\b|\btiers de confiance\b|\bcompte tiers\b/g;
export const SECURE_STORY_GATE = stems(
  "securis",
  "service",
  "escrow",
  "trust",
  "garde",
  "conserve",
  "bloque",
  "encaiss",
  "retient",
  "tiers",
);
export const ESCROW = /\bsequestre\b/g;
export const NOTARY_GATE = stems("notai", "avocat", "huissier");
/** A notary escrow at the "compromis" signature is the legal French sale process. */
export const LEGAL_SALE_CONTEXT = /\b(?:compromis|promesse de vente|signature|acte authentique)\b/;
export const NOTARY_ABROAD = new RegExp(
  `\\b(?:notaires?|notarial|avocat|huissier)\\b[^.;!?\\n]{0,60}?\\b(?:a|au|aux|en|de|du) (?:l'|la )?${FOREIGN_PLACE}`,
  "g",
);

// ---------------------------------------------------------------------------------------------
// Keys sent by post / courier: nobody honest mails the keys of a flat to a stranger who has
// not signed anything.
// ---------------------------------------------------------------------------------------------
export const KEYS_GATE = stems("cle", "trousseau");
/** A courier named in a sentence about the keys ("un transporteur vous les livrera"). */
export const COURIER =
  /\b(?:transporteur|coursier|chronopost|dhl|ups|fedex|tnt|colissimo|livreur)\b/g;
export const KEYS_SENT = [
  /\b(?:envoi|envoy\w*|enverr\w*|envoie\w*|expedi\w*|livr\w*|poster|postee?s?|parvenir|achemin\w*)\b(?: [\w']+){0,5}? (?:les |des |vos |la |le )?(?:cles|clefs|code de la boite a cles|trousseau)\b/g,
  /\b(?:cles|clefs|trousseau)\b(?: [\w']+){0,5}? (?:envoy\w*|expedi\w*|livr\w*|postee?s?|remises? par (?:la poste|coursier|transporteur|un agent|colis|courrier))\b/g,
  /\b(?:cles|clefs)\b[^.;!?\n]{0,40}?\b(?:par|en) (?:la poste|courrier|colis|chronopost|dhl|ups|fedex|tnt|coursier|recommande|lettre suivie|transporteur|livraison)\b/g,
];

// ---------------------------------------------------------------------------------------------
// Absent owner. Being abroad is not suspicious in itself (expatriates rent their flats); being
// abroad with nobody to show the flat is the scam's core: the victim pays for a flat they
// cannot see. A relative or neighbour doing the visits cancels the signal.
// ---------------------------------------------------------------------------------------------
/** Verbs that place the writer somewhere, looked for just before a foreign place. */
export const SELF_LOCATION =
  /\b(?:je|j'|nous|moi)\b[^.;!?\n]{0,60}\b(?:vis|vit|vivons|suis|sommes|reside|residons|habite|habitons|travaille|travaillons|installee?s?|expatriee?s?|mutee?s?|affectee?s?|projetee?s?|deployee?s?|partie?s?|pars|part|partir|demenage|demenagee?s?|basee?s?|sejourne|mission|depart|retournee?|rentree?)\b/;
/** The place must be introduced by a preposition: "je vis à Zurich", "installé au Canada". */
export const PLACE_PREPOSITION = /\b(?:a|au|aux|en|dans|pour|vers|sur) (?:l'|la |le )?$|\ba l'$/;
export const ABROAD_GENERIC_GATE = stems(
  "etranger",
  "france",
  "outre",
  "expatri",
  "mission",
  "militaire",
  "deplacement",
  "poste",
  "detach",
  "abroad",
  "overseas",
  "out",
);
/**
 * Away from France, in general words: a place word (abroad, outside France), a status
 * (expatriate, serving), or being sent somewhere (on a mission, posted, seconded, travelling).
 */
export const ABROAD_GENERIC =
  /\b(?:a l'etranger|hors de france|outre-mer|abroad|overseas|out of the country)\b|\b(?:expatriee?s?|militaire|mission humanitaire)\b|\b(?:en|on) (?:mission|deplacement|poste|detachement|assignment)\b(?: [\w']+){0,3}? (?:a|au|aux|en|pour|depuis|in|to)\b|\bsouvent en deplacement\b/g;
/** Inherent negation: "je ne peux pas faire visiter" is the statement itself. */
export const CANNOT_VISIT: ReadonlyArray<{ pattern: RegExp; gate: Gate }> = [
  {
    pattern:
      /\b(?:ne|n') ?(?:peux|pourrai|pourrais|pourrons|pouvons|peut|pourra|suis pas en mesure de)\b[^.;!?\n]{0,25}?\b(?:faire (?:les |des |de )?visites?|faire visiter|organiser (?:de |les |des |une |la )?visites?|me deplacer|nous deplacer|revenir|recevoir (?:de monde|du monde|les candidats|personne|de visiteurs|les visiteurs)|etre (?:present|presente|la))\b/g,
    gate: stems("peu", "pourr", "pouvons", "mesure"),
  },
  {
    // No visit at all (stated): the applicant would rent unseen.
    pattern:
      /\bvisites? (?:impossible|pas possible)s?\b|\b(?:pas de|aucune|sans (?:aucune )?)visites?(?: physiques?)?(?: (?:n'est |ne sera )?(?:possible|prevue|sur place))?\b(?! (?:sans|avant|le |la |les |du |hors|en dehors|sauf|que|libre))/g,
    gate: stems("visite", "visites"),
  },
  {
    // Nobody there to show it.
    pattern:
      /\b(?:ne|n') ?(?:suis|serai|sommes|serons|etant|ai|aurai) (?:malheureusement )?(?:pas|personne|plus) (?:disponibles?(?: pour (?:les |une |des |faire (?:les |des )?)?visites?)?|presente?s?|sur place|la pour (?:les |une |des |faire (?:les |des )?)?visites?|en france)\b/g,
    gate: stems("disponible", "present", "place", "france", "visite", "visites"),
  },
  {
    pattern: /\b(?:cannot|unable to|not able to) (?:show|visit|meet)\b|\bno viewings?\b/g,
    gate: stems("cannot", "unable", "able", "viewing"),
  },
];
export const PROXY_PERSON =
  /\b(?:frere|soeur|parents|pere|mere|maman|papa|cousin|cousine|voisin|voisine|ami|amie|oncle|tante|fils|fille|neveu|niece|gardien|gardienne|concierge|beau-frere|belle-soeur|collegue|associe|famille|proche|agence|gestionnaire|mandataire)\b/;
export const PROXY_TASK = /\b(?:visites?|visiter|etat des lieux|double des cles|remise des cles)\b/;
export const PROXY_VERB =
  /\b(?:fait|font|fera|feront|s'occupe\w*|occupera|assure\w*|organise\w*|se charge\w*|gere|gerent|gerera|a les cles|a un double|(?:pourra|pourront|peut|peuvent|va|vont) (?:vous )?(?:faire visiter|montrer|accueillir))\b/g;
export const SELF_VISITS =
  /\bje (?:fais|ferai|fait|organise|assure|realise) (?:moi-meme |toujours |personnellement |moi meme )?(?:toutes |tous )?(?:les |des )?(?:visites?|etat des lieux)\b|\bje (?:vous )?fais visiter\b|\bvisites? (?:sur place |en personne |groupees )?(?:avec moi|en ma presence)\b|\b(?:je suis|je serai) (?:sur place|present|presente)\b|\bnous (?:faisons|ferons|organisons) (?:nous-memes )?(?:les |des )?visites\b/g;

// ---------------------------------------------------------------------------------------------
// Contact pushed off the platform: outside the site there is no moderation and no trace.
// ---------------------------------------------------------------------------------------------
export const EMAIL_GATE = stems("@");
export const EMAIL_HINT_GATE = stems(
  "gmail",
  "hotmail",
  "outlook",
  "yahoo",
  "laposte",
  "live",
  "icloud",
  "proton",
  "wanadoo",
  "arobase",
  "(at)",
  "[at]",
);
export const EMAIL = /[a-z0-9][a-z0-9._%+-]*@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/g;
export const EMAIL_HINT =
  /\b(?:gmail|hotmail|outlook|yahoo|laposte\.net|live\.fr|icloud|protonmail|wanadoo)\b|\barobase\b|\((?:at|arobase)\)|\[(?:at|arobase)\]/g;
/** International number: "+" then country code and at least 7 more digits. */
export const INTERNATIONAL_PHONE = /\+\s?\d{1,3}[\s.-]?(?:\(0\)\s?)?\d(?:[\s.-]?\d){5,12}/g;
/** French national number written in the text. */
export const FRENCH_PHONE = /(?<![\d+])\b0[1-9](?:[\s.-]?\d{2}){4}\b/g;
/** French country code and overseas departments/territories (not "foreign"). */
export const FRENCH_CALLING_CODES = [
  "33",
  "262",
  "269",
  "508",
  "590",
  "594",
  "596",
  "687",
  "689",
  "681",
];
export const MESSAGING_APPS_GATE = stems(
  "whats",
  "watsap",
  "wattsap",
  "telegram",
  "viber",
  "wechat",
  "signal",
  "snapchat",
  "messenger",
);
export const MESSAGING_APPS =
  /\b(?:whats ?app|watsapp|wattsapp|telegram|viber|wechat|signal messenger|snapchat|messenger)\b/g;
export const REFUSES_SITE_GATE = stems(
  "messag",
  "site",
  "plateforme",
  "ici",
  "leboncoin",
  "application",
  "connecte",
);
/** Inherent negation: refusing the site's own messaging is the red flag. */
export const REFUSES_SITE_MESSAGING = [
  /\b(?:ne|n') ?(?:consulte|lis|reponds|regarde|utilise|vais|suis|passe) (?:pas|jamais|plus|guere|presque jamais|que rarement|peu)\b[^.;!?\n]{0,40}?\b(?:messagerie|messages?|site|plateforme|ici|leboncoin|application)\b/g,
  // Rarely there: reading, answering or being connected "peu / rarement / pas souvent".
  /\b(?:consulte|regarde|lis|reponds|connectee?s?|en ligne|reponse)\b (?:tres |assez |que )?(?:peu|rarement|pas souvent)\b|\b(?:pas|peu|rarement) (?:souvent )?(?:connectee?s?|en ligne|de reponse)\b/g,
];
export const ONLY_OFF_PLATFORM_GATE = stems(
  "uniquement",
  "seulement",
  "exclusivement",
  "directement",
  "personnelle",
);
export const ONLY_OFF_PLATFORM =
  /\b(?:uniquement|seulement|exclusivement|directement)\b[^.;!?\n]{0,25}?\b(?:e-?mail|mail|courriel|adresse (?:e-?mail|mail|personnelle)|whats ?app|telegram|sms)\b|\badresse (?:e-?mail |mail )?personnelle\b/g;

// ---------------------------------------------------------------------------------------------
// Pressure: rushing the victim so that they pay before thinking. Weak on its own (honest owners
// in a hurry exist), it strengthens other evidence.
// ---------------------------------------------------------------------------------------------
/** Every shape of PRESSURE holds one of these distinctive words. */
export const PRESSURE_GATE = stems(
  "demandes",
  "candidats",
  "messages",
  "sollicitations",
  "interessees",
  "contacts",
  "requests",
  "applicants",
  "enquiries",
  "arrive",
  "premiere",
  "priorite",
  "served",
  "person",
  "one",
  "urgen",
  "vite",
  "tardez",
  "rapide",
  "saisir",
  "volontairement",
  "sacrifie",
  "casse",
  "brade",
  "asap",
  "hurry",
  "fast",
);
/**
 * Four general shapes of pressure: demand volume, first come first served, speed, and a price
 * excused in advance ("volontairement bas").
 */
export const PRESSURE =
  /\b(?:(?:beaucoup|enormement|tellement|trop|tant|plein|nombreuses?|plus de \d+|vu le nombre) (?:de )?(?:demandes|candidats|messages|sollicitations|personnes interessees|contacts)|(?:lots of|many|so many) (?:requests|applicants|messages|enquiries))\b|\b(?:premier arrive,? premier servi|(?:a|pour) la premiere personne|priorite a la (?:premiere )?personne|first come,? first served|(?:to )?the first (?:person|one) (?:who|to))\b|\b(?:urgent\w*|au plus vite|ne tardez pas|faites vite|(?:ecrivez|repondez|contactez)(?:-moi)? (?:vite|rapidement)|a saisir (?:rapidement|vite)|(?:vente|vendre|louer|location) (?:rapide\w*|urgente?|vite)|asap|hurry|act fast)\b|\b(?:volontairement bas|prix (?:sacrifie|casse|brade))\b/g;

// ---------------------------------------------------------------------------------------------
// Vague next steps: the real conditions (payment) are only revealed in private, off the record.
// ---------------------------------------------------------------------------------------------
export const VAGUE_PROCEDURE_GATE = stems(
  "expliqu",
  "donnerai",
  "communiquerai",
  "savoir",
  "envoyer",
  "recevoir",
  "connaitre",
);
export const VAGUE_PROCEDURE =
  /\bje (?:vous )?(?:expliquerai|expliquerais|vais vous expliquer|vais vous envoyer|donnerai|communiquerai|ferai savoir|vais vous faire savoir)\b[^.;!?\n]{0,40}?\b(?:conditions|procedure|suite|modalites|toutes les informations|tous les details|les informations|les etapes|comment faire|marche a suivre)\b|\b(?:recevoir|connaitre) (?:la procedure|les modalites|les conditions|la marche a suivre|le dossier de location|le lien)\b|\bje vous expliquerai\b|\bexpliquer comment faire\b/g;
export const AT_VISIT = /\b(?:lors de la visite|a la visite|pendant la visite|sur place)\b/;

// ---------------------------------------------------------------------------------------------
// Emotional story used to rush a payment ("hospitalised mother", "divorce", "widow").
// ---------------------------------------------------------------------------------------------
export const DISTRESS_GATE = stems(
  "hospitalis",
  "malad",
  "cancer",
  "chimio",
  "decede",
  "deces",
  "veuf",
  "veuve",
  "divorce",
  "enceinte",
  "grossesse",
  "deuil",
  "emotion",
  "compliquee",
  "difficile",
  "force",
  "choix",
);
export const DISTRESS =
  /\b(?:hospitalisee?s?|malade|maladie|cancer|chimio\w*|decedee?|deces|veuve?|divorce|enceinte|grossesse|deuil|situation (?:compliquee|difficile)|periode (?:tres )?difficile|beaucoup d'emotion|je n'ai pas (?:la force|le choix))\b/g;

// ---------------------------------------------------------------------------------------------
// Identity documents before any visit: identity theft. Weak: many honest landlords pre-screen.
// ---------------------------------------------------------------------------------------------
export const DOCUMENTS =
  /\b(?:piece d'identite|carte d'identite|passeport|cni|fiches? de (?:paie|paye)|bulletins? de (?:salaire|paie)|avis d'imposition|justificatifs?|rib)\b/g;
export const DOSSIER_FACILE = /\bdossier ?facile\b/;

// ---------------------------------------------------------------------------------------------
// Professional advertisers (agencies, notaries) legitimately print their e-mail and phone:
// for them written contact details are not a sign of fleeing the platform.
// ---------------------------------------------------------------------------------------------
export const PROFESSIONAL_TEXT_GATE = stems(
  "honoraires",
  "carte",
  "hoguet",
  "mandat",
  "rsac",
  "siret",
  "siren",
  "agence",
  "negociat",
  "immobili",
);
export const PROFESSIONAL_TEXT =
  /\bhonoraires\b|\bcarte (?:professionnelle|pro|t)\b|\bloi hoguet\b|\bmandat (?:n|no|numero|exclusif|simple)\b|\brsac\b|\bsiret\b|\bsiren\b|\bnotre agence\b|\bagence immobiliere\b|\bnegociat(?:eur|rice)\b|\bconseill(?:er|ere) immobilier\b|\bmandataire immobilier\b/g;
export const PROFESSIONAL_OWNER =
  /\b(?:agence|agences|immo|immobilier|immobiliere|sarl|sas|eurl|sci|cabinet|notaire|notaires|gestion|transaction|transactions|properties|realty|orpi|foncia|laforet|nexity|century|guy hoquet|stephane plaza|iad|safti|capifrance|optimhome|square habitat|citya|era)\b/;
