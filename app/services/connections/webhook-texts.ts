/** French texts of export connections' webhooks (issue 18), shared by the services and the card. */
export const WEBHOOK_MESSAGES = {
  noKey: "Aucune clé lisible pour signer les webhooks : ajoutez une clé API à la connexion",
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
