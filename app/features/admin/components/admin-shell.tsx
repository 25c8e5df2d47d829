import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { CloseIcon, MenuIcon } from "~/components/ui/icons";
import { formatLongDateTime } from "~/lib/paris-time";
import { hrefOf, visibleSections } from "../staff/nav";

/** Who is signed in, from the layout's loader: the role's effective permissions decide the menu. */
export type AdminShellUser = { email: string; name: string; roleName: string; permissions: readonly string[] };

/**
 * Sidebar and header of the back-office. Above the lg breakpoint the sidebar is always there;
 * below it, it is a drawer: the menu button toggles it (aria-expanded), Escape or the close
 * button closes it and gives the focus back to the menu button, following a link closes it.
 * While closed on mobile it is `invisible`, so neither the keyboard nor a screen reader reach it.
 * The menu lists only the pages the member's role may open (staff/nav.ts, decision 066).
 */
export function AdminShell({ user, lastLoginAt, children }: { user: AdminShellUser; lastLoginAt: string; children: ReactNode }) {
  const { email } = user;
  const sections = visibleSections(user.permissions);
  const [open, setOpen] = useState(false);
  const drawerId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => {
    setOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const close = () => {
    setOpen(false);
    menuButton.current?.focus();
  };

  return (
    <div className="min-h-screen bg-band/40 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]">
      {open ? <div aria-hidden="true" className="fixed inset-0 z-30 bg-black/40 lg:hidden" onClick={close} /> : null}
      <aside
        id={drawerId}
        aria-label="Navigation de l'administration"
        className={`fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-line bg-white transition-transform duration-200 lg:visible lg:sticky lg:top-0 lg:h-screen lg:translate-x-0 ${
          open ? "visible translate-x-0" : "invisible -translate-x-full"
        }`}
      >
        <div className="flex items-center justify-between gap-2 border-b border-line px-5 py-4">
          <p className="font-display text-2xl">Admin</p>
          <button
            ref={closeButton}
            type="button"
            onClick={close}
            aria-label="Fermer le menu"
            className="flex h-11 w-11 items-center justify-center rounded-full hover:bg-band lg:hidden"
          >
            <CloseIcon className="h-5 w-5" />
          </button>
        </div>
        <nav aria-label="Sections de l'administration" className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="space-y-1">
            {sections.map((s) => (
              <li key={s.path}>
                <NavLink
                  to={hrefOf(s.path)}
                  end
                  className={({ isActive }) =>
                    `flex min-h-11 items-center rounded-lg px-3 font-medium ${isActive ? "bg-ink text-white" : "text-ink hover:bg-band"}`
                  }
                >
                  {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="space-y-3 border-t border-line px-5 py-4">
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent font-semibold text-white"
            >
              {email.charAt(0).toUpperCase()}
            </span>
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold">{user.name || "Admin"}</p>
              <p className="truncate text-sm text-muted">{email}</p>
              <p className="truncate text-sm text-muted">
                <span className="sr-only">Rôle : </span>
                {user.roleName}
              </p>
            </div>
          </div>
          <Link to="/" className="flex min-h-11 items-center rounded-lg px-3 font-medium hover:bg-band">
            Retour au site
          </Link>
          <Form method="post" action="/dashboard">
            <input type="hidden" name="intent" value="logout" />
            <button type="submit" className="flex min-h-11 w-full items-center rounded-lg px-3 font-medium text-red-800 hover:bg-red-50">
              Déconnexion
            </button>
          </Form>
        </div>
      </aside>
      <div className="min-w-0">
        <header className="flex items-center justify-between gap-4 border-b border-line bg-white px-4 py-3 sm:px-6">
          <button
            ref={menuButton}
            type="button"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={drawerId}
            className="flex min-h-11 items-center gap-2 rounded-full border border-line px-4 font-semibold lg:hidden"
          >
            <MenuIcon className="h-5 w-5" />
            Menu
          </button>
          <p className="ml-auto text-sm text-muted">
            Dernière connexion : <time dateTime={lastLoginAt}>{formatLongDateTime(lastLoginAt)}</time>
          </p>
        </header>
        <main id="contenu" tabIndex={-1} className="px-4 py-6 outline-none sm:px-6 lg:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}
