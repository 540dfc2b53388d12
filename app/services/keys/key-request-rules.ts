/** Rules of API key requests shared by the forms (client-side checks) and the server. */
export const KEY_REQUEST_STATUSES = ["pending", "approved", "rejected"] as const;
export type KeyRequestStatus = (typeof KEY_REQUEST_STATUSES)[number];

export const KEY_REQUEST_MESSAGES = {
  companyRequired: "Le nom de la société est requis",
  reasonRequired: "Veuillez indiquer une raison de refus",
  alreadyDecided: "Cette demande a déjà été traitée",
  notFound: "Demande introuvable",
  loadError: "Erreur lors du chargement des demandes",
  duplicate: "Une demande pour cette société est déjà en attente : un administrateur va la traiter",
} as const;

export const COMPANY_NAME_MAX = 200;
export const REQUEST_DESCRIPTION_MAX = 2000;
export const REJECTION_REASON_MAX = 1000;
