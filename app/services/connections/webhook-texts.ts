/** French texts of export connections' webhooks (issue 18), shared by the services and the card. */
export const WEBHOOK_MESSAGES = {
  noKey: "Aucun secret lisible pour signer les webhooks : régénérez le secret de signature de la connexion",
  resumed: "Webhooks repris : les lots en attente partent maintenant",
  paused: (failures: number) =>
    `Webhooks en pause après ${failures} échecs d'envoi consécutifs : corrigez le point d'accès puis reprenez l'envoi. Les changements attendent, rien n'est perdu.`,
  pausedBadge: "Webhooks en pause",
  nextAttempt: (at: string) => `Nouvel essai le ${at}`,
  secretRotated: "Nouveau secret de signature généré : copiez-le maintenant",
  secretShownOnce: "Le secret de signature n'est affiché qu'une fois, à sa création : régénérez-le si vous l'avez perdu",
  secretOnce: "Copiez ce secret maintenant : il ne sera plus affiché. Vos récepteurs le donnent tel quel aux bibliothèques Standard Webhooks.",
  legacyKey: "Clé saisie avant les Standard Webhooks : seule l'en-tête X-Vigimmo-Signature est signée. Générez un secret de signature.",
  notFound: "Connexion introuvable",
  deliveryNotFound: "Envoi introuvable",
  exportOnly: "Seules les connexions de type Export envoient des webhooks",
  httpStatus: (status: number) => `Le point d'accès a répondu HTTP ${status}`,
  givenUp: (reason: string) => `Webhooks : envoi abandonné après 24 h d'échecs (${reason})`,
  pingOk: (latencyMs: number) => `Ping reçu par le point d'accès (${latencyMs} ms)`,
  pingFailed: (reason: string) => `Ping non reçu : ${reason}`,
  resent: (events: number) => `Lot renvoyé (${events} événement${events > 1 ? "s" : ""})`,
  resendFailed: (reason: string) => `Renvoi échoué : ${reason}`,
  statuses: { pending: "En attente", delivered: "Livré", failed: "Échec" },
} as const;
