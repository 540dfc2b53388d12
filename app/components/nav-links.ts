/**
 * The navigation of SPEC.md section 2, in one place for the desktop bar and the side sheet.
 * SPEC's own English labels stay as SPEC gives them, marked `lang: "en"` so that screen readers
 * pronounce them as English; every other label is French.
 */
export type NavLink = { to: string; label: string; lang?: "en" };

export const MAIN_LINKS: NavLink[] = [
  { to: "/dashboard", label: "Dashboard", lang: "en" },
  { to: "/properties", label: "Annonces" },
  { to: "/prospection", label: "Prospection" },
];

export const API_LINKS: NavLink[] = [
  { to: "/api-connections", label: "Connexions API" },
  { to: "/export-api-keys", label: "Clés API Export" },
  { to: "/api-docs", label: "Documentation" },
  { to: "/request-api-key", label: "Demander clé API" },
];

export const ADMIN_LINKS: NavLink[] = [
  { to: "/admin", label: "Admin Dashboard", lang: "en" },
  { to: "/moderation", label: "Modération IA" },
  { to: "/admin-api-requests", label: "Gérer demandes API" },
  { to: "/admin-panel", label: "Gestion Admin" },
  { to: "/moteurimmo-sync", label: "Import d'annonce" },
];

/** The signed-in user's own page, beside Déconnexion. */
export const ACCOUNT_LINK: NavLink = { to: "/compte", label: "Mon compte" };

export function isCurrent(pathname: string, to: string) {
  return pathname === to || pathname.startsWith(`${to}/`);
}
