import { Dialog, DialogPanel, DialogTitle, Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { Form, Link, NavLink as RemixNavLink, useLocation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import type { NavBadges } from "~/services/notifications/nav-badges.server";
import type { SessionUser } from "~/services/users/users.server";
import { cn } from "./ui/cn";
import { linkBadges, NavBadge, type LinkBadge } from "./nav-badges";
import { ACCOUNT_LINK, ADMIN_LINKS, API_LINKS, isCurrent, MAIN_LINKS, type NavLink } from "./nav-links";

const linkClasses = (active: boolean) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium",
    active ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
  );

function Dropdown({ label, links, badges }: { label: string; links: NavLink[]; badges: Record<string, LinkBadge> }) {
  const { pathname } = useLocation();
  const active = links.some((link) => isCurrent(pathname, link.to));
  // The closed menu carries the badge of the entry inside it, so that it is noticed.
  const inside = links.map((link) => badges[link.to]).find(Boolean);
  return (
    <Menu as="div" className="relative">
      <MenuButton className={cn(linkClasses(active), "inline-flex items-center gap-1")}>
        {label}
        <NavBadge badge={inside} />
        <span aria-hidden="true">▾</span>
      </MenuButton>
      <MenuItems anchor="bottom start" className="z-50 mt-1 w-56 rounded-md bg-white p-1 shadow-lg ring-1 ring-slate-200 focus:outline-none">
        {links.map((link) => (
          <MenuItem key={link.to}>
            <Link
              to={link.to}
              aria-current={isCurrent(pathname, link.to) ? "page" : undefined}
              className={cn(
                "block rounded px-3 py-2 text-sm data-[focus]:bg-slate-100",
                isCurrent(pathname, link.to) ? "font-semibold text-brand-700" : "text-slate-800",
              )}
            >
              <span lang={link.lang}>{link.label}</span>
              <NavBadge badge={badges[link.to]} />
            </Link>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}

function LogoutButton({ className }: { className?: string }) {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={cn("rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100", className)}>
        Déconnexion
      </button>
    </Form>
  );
}

function SideSheet({ user, badges, open, onClose }: { user: SessionUser; badges: Record<string, LinkBadge>; open: boolean; onClose: () => void }) {
  const { pathname } = useLocation();
  const sections: Array<{ title: string; links: NavLink[] }> = [
    { title: "Navigation", links: MAIN_LINKS },
    { title: "API", links: API_LINKS },
    ...(user.isAdmin ? [{ title: "Admin", links: ADMIN_LINKS }] : []),
    { title: "Compte", links: [ACCOUNT_LINK] },
  ];
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50 md:hidden">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <DialogPanel className="fixed inset-y-0 right-0 w-72 overflow-y-auto bg-white p-4 shadow-xl">
        <div className="flex items-center justify-between">
          <DialogTitle className="text-base font-semibold">Menu</DialogTitle>
          <button type="button" onClick={onClose} className="rounded-md p-2 text-slate-700 hover:bg-slate-100" aria-label="Fermer le menu">
            ✕
          </button>
        </div>
        <nav aria-label="Menu mobile" className="mt-4 space-y-4">
          {sections.map((section) => (
            <div key={section.title}>
              <p className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-600">{section.title}</p>
              <ul className="mt-1 space-y-1">
                {section.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} onClick={onClose} aria-current={isCurrent(pathname, link.to) ? "page" : undefined} className={cn("block", linkClasses(isCurrent(pathname, link.to)))}>
                      <span lang={link.lang}>{link.label}</span>
                      <NavBadge badge={badges[link.to]} />
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <LogoutButton className="w-full text-left" />
        </nav>
      </DialogPanel>
    </Dialog>
  );
}

export function AppShell({ user, badges, children }: { user: SessionUser; badges: NavBadges; children: ReactNode }) {
  const [sheetOpen, setSheetOpen] = useState(false);
  const { pathname } = useLocation();
  const byLink = linkBadges(badges, pathname);
  return (
    <div className="min-h-full">
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
          <Link to="/dashboard" className="flex items-center gap-2 text-lg font-bold text-brand-700">
            <img src="/favicon.svg" alt="" className="h-8 w-8" />
            Vigimmo
          </Link>
          <nav aria-label="Navigation principale" className="hidden items-center gap-1 md:flex">
            {MAIN_LINKS.map((link) => (
              <RemixNavLink key={link.to} to={link.to} className={({ isActive }) => linkClasses(isActive)}>
                <span lang={link.lang}>{link.label}</span>
              </RemixNavLink>
            ))}
            <Dropdown label="API" links={API_LINKS} badges={byLink} />
            {user.isAdmin ? <Dropdown label="Admin" links={ADMIN_LINKS} badges={byLink} /> : null}
            <RemixNavLink to={ACCOUNT_LINK.to} className={({ isActive }) => linkClasses(isActive)}>
              {ACCOUNT_LINK.label}
            </RemixNavLink>
            <LogoutButton />
          </nav>
          <button type="button" className="relative rounded-md p-2 text-slate-800 hover:bg-slate-100 md:hidden" onClick={() => setSheetOpen(true)} aria-label={Object.keys(byLink).length > 0 ? "Ouvrir le menu (nouveautés)" : "Ouvrir le menu"}>
            <span aria-hidden="true" className="text-xl">☰</span>
            {Object.keys(byLink).length > 0 ? <span aria-hidden="true" className="absolute right-1 top-1 h-2.5 w-2.5 rounded-full bg-red-600" /> : null}
          </button>
        </div>
      </header>
      <SideSheet user={user} badges={byLink} open={sheetOpen} onClose={() => setSheetOpen(false)} />
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">{children}</main>
    </div>
  );
}
