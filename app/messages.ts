/** French texts used in several places (SPEC.md sections 6 and 8). */
export const MSG = {
  notAuthenticated: "Non authentifié",
  mustBeSignedIn: "Vous devez être connecté",
  invalidSession: "Session invalide",
  deniedAdminRequests: "Accès refusé : droits administrateur requis",
  deniedImport: "Accès refusé : réservé aux administrateurs",
  deniedAdmin: "Accès refusé: vous n'êtes pas administrateur",
  forbiddenOrigin: "Requête refusée : origine non autorisée",
  jobInterrupted: "Traitement interrompu : le serveur a redémarré ou le processus s'est arrêté. Relancez-le.",
  jobStoppedByShutdown: "Traitement arrêté : le serveur s'est arrêté.",
  noneLabel: "Aucun",
} as const;
