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
  jobNotFound: "Traitement introuvable",
  noneLabel: "Aucun",
  keysLoadError: "Erreur lors du chargement des clés API",
  statsLoadError: "Erreur lors du chargement des statistiques",
  listingsLoadError: "Erreur lors du chargement des annonces",
  suspiciousLoadError: "Erreur lors du chargement des annonces suspectes",
  chartPeriodInvalid: "Période inconnue : choisissez 7, 30 ou 90 jours.",
} as const;

/** Under a list cut at its bound (app/config.ts): "… et 3 demandes plus anciennes, non affichées". */
export function olderNotShown(count: number, noun: "clé" | "demande"): string {
  const s = count > 1 ? "s" : "";
  return `… et ${count} ${noun}${s} plus ancienne${s}, non affichée${s}`;
}

/** Answers to request bodies refused before any route reads them (hostile or broken input). */
export const REQUEST_MSG = {
  tooLarge: "Requête trop volumineuse : un formulaire ne peut pas dépasser 64 Ko.",
  tooSlow: "Requête trop lente : le formulaire n'est pas arrivé en entier dans les 20 secondes. Réessayez.",
  tooManyFields: "Formulaire refusé : il ne peut pas compter plus de 200 champs.",
  badFieldName: "Formulaire refusé : nom de champ non accepté.",
  reservedField: "Formulaire refusé : les champs __intent__ et __state__ sont réservés.",
  unreadable: "Formulaire illisible : envoyez-le depuis la page de l'application.",
  badHost: "Requête refusée : en-tête Host illisible.",
} as const;

/** Sign-in and sign-up messages (SPEC.md sections 5 and 8), shared by the form and the server. */
export const AUTH_MSG = {
  signInRequired: "Veuillez remplir tous les champs.",
  signUpInvalid: "Veuillez remplir tous les champs. Le mot de passe doit contenir au moins 6 caractères.",
  invalidCredentials: "Email ou mot de passe incorrect.",
  emailTaken: "Cet email est déjà utilisé.",
  /** Sign-up: a field message under the e-mail, not a "creation error" (issue 24, item 16). */
  emailInvalid: "Adresse email invalide (exemple : prenom.nom@agence.fr)",
} as const;

/** /compte and the forgotten-password screens (docs/decisions/018-account.md). */
export const ACCOUNT_MSG = {
  profileSaved: "Profil mis à jour",
  fullNameRequired: "Le nom complet est requis",
  passwordRequired: "Veuillez saisir votre mot de passe actuel.",
  newPasswordTooShort: "Le nouveau mot de passe doit contenir au moins 6 caractères.",
  passwordsDiffer: "Les deux mots de passe ne sont pas identiques.",
  samePassword: "Le nouveau mot de passe doit être différent du mot de passe actuel.",
  wrongPassword: "Mot de passe actuel incorrect.",
  passwordChanged: "Mot de passe modifié. Vos autres sessions ont été déconnectées.",
  sessionSignedOut: "Session déconnectée",
  otherSessionsSignedOut: "Autres sessions déconnectées",
  sessionNotFound: "Session introuvable",
  resetRequested: "Si un compte existe pour cette adresse, un lien de réinitialisation vient d'y être envoyé. Il est valable 1 heure.",
  resetEmailInvalid: "Veuillez saisir une adresse email valide.",
  resetLinkInvalid: "Ce lien de réinitialisation n'est plus valable (expiré ou déjà utilisé). Demandez-en un nouveau.",
  passwordReset: "Mot de passe réinitialisé. Connectez-vous avec le nouveau mot de passe.",
  deleteWrongPassword: "Mot de passe incorrect : le compte n'a pas été supprimé.",
  lastAdmin: "Impossible de supprimer le compte : vous êtes le dernier administrateur. Nommez d'abord un autre administrateur (npm run make-admin).",
  accountDeleted: "Votre compte et vos données ont été supprimés.",
  deletionStarted: "Suppression du compte lancée : vos autres sessions sont déconnectées.",
  deletionBusy: "La suppression de votre compte est déjà en cours.",
  loadError: "Erreur lors du chargement du compte",
} as const;

/** Too many attempts, in seconds or minutes: "Trop de tentatives. Réessayez dans 3 minutes." */
export function tooManyAttempts(seconds: number): string {
  const [count, unit] = seconds < 60 ? [seconds, "seconde"] : [Math.ceil(seconds / 60), "minute"];
  return `Trop de tentatives. Réessayez dans ${count} ${unit}${count > 1 ? "s" : ""}.`;
}
