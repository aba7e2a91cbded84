import { Link, NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
// Names and emoji only: the full catalogue (descriptions, popular items) stays off every page.
import { SPORTS_BY_NAME as SPORTS } from "~/shared/catalog/sport-names";
import { Logo } from "./logo";

function SportGrid({ columns }: { columns: string }) {
  return (
    <ul className={`grid gap-1 ${columns}`}>
      {SPORTS.map((sport) => (
        <li key={sport.key}>
          <Link
            to={`/sport/${sport.key}`}
            className="flex min-h-11 items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-700"
          >
            <span aria-hidden="true">{sport.emoji}</span>
            {sport.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

const navLink = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-md px-3 py-2 text-sm font-medium ${isActive ? "text-brand-700" : "text-slate-700 hover:text-brand-700"}`;

/**
 * Top navigation of spec 01 §2. Menus are <details> elements so they open without JavaScript.
 * `account` is the signed-in part (ZIP chip, bell, user menu) once accounts exist; signed out it is
 * Sign In.
 */
export function SiteHeader({ account }: { account?: ReactNode }) {
  return (
    // Opaque, and no `backdrop-filter`: a filter makes the header the containing block of every
    // `position: fixed` inside it, which clipped the phone menu to the 64 px bar.
    // The menus below are positioned against the header on purpose (absolute, top-full).
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:px-6">
        <Link to="/" className="flex min-h-11 min-w-11 items-center gap-2 font-bold text-slate-900">
          <Logo />
          {/* Signed in, a phone has no room for the name beside the ZIP chip, bell and menus. */}
          {/* Hidden from sight only: the link keeps its name for screen readers. */}
          <span className={account ? "sr-only text-lg min-[400px]:not-sr-only" : "text-lg"}>LockerSwap</span>
        </Link>
        <div className="ml-4 hidden items-center md:flex">
          <NavLink to="/" end className={navLink}>
            Find Gear
          </NavLink>
          <NavLink to="/clubs" className={navLink}>
            Find a Club
          </NavLink>
        </div>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {account ?? (
            <Link
              to="/auth"
              className="hidden min-h-11 items-center rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-brand-700 sm:inline-flex"
            >
              Sign In
            </Link>
          )}
          <Link
            to="/list-item"
            className="inline-flex min-h-11 items-center rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            <span className="sm:hidden">List</span>
            <span className="hidden sm:inline">List an Item</span>
          </Link>
          <details className="md:hidden" data-menu>
            <summary
              className="flex h-11 w-11 cursor-pointer items-center justify-center rounded-md border border-slate-200"
              aria-label="Open menu"
            >
              <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
                <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </summary>
            {/* Hangs below the bar (the hamburger stays there to close it) and fills the screen below. */}
            <div className="absolute right-0 top-full z-40 h-[calc(100dvh-4rem)] w-80 max-w-[90vw] overflow-y-auto border-l border-slate-200 bg-white p-4 shadow-xl">
              <p className="mb-3 text-sm font-semibold text-slate-600">Menu</p>
              <ul className="space-y-1">
                {!account && (
                  <li>
                    <Link to="/auth" className="flex min-h-11 items-center rounded-md px-2 py-2 font-medium hover:bg-slate-100">
                      Sign In
                    </Link>
                  </li>
                )}
                <li>
                  <Link to="/list-item" className="flex min-h-11 items-center rounded-md px-2 py-2 font-medium hover:bg-slate-100">
                    List an Item
                  </Link>
                </li>
                <li>
                  <Link to="/clubs" className="flex min-h-11 items-center rounded-md px-2 py-2 font-medium hover:bg-slate-100">
                    Find a Club
                  </Link>
                </li>
              </ul>
              <p className="mb-2 mt-4 text-sm font-semibold text-slate-600">Browse by Sport</p>
              <SportGrid columns="grid-cols-2" />
            </div>
          </details>
        </div>
      </nav>
      <div className="hidden border-t border-slate-100 md:block">
        <div className="mx-auto flex h-10 max-w-7xl items-center gap-4 px-6 text-sm">
          <details className="relative" data-menu>
            <summary className="cursor-pointer rounded-md px-2 py-1 font-medium text-slate-700 hover:text-brand-700">
              Browse by Sport ▾
            </summary>
            <div className="absolute left-0 top-full z-40 mt-1 w-[36rem] rounded-lg border border-slate-200 bg-white p-3 shadow-lg">
              <SportGrid columns="grid-cols-3" />
            </div>
          </details>
          <Link to="/clubs" className="font-medium text-slate-700 hover:text-brand-700">
            Find a Club, Organization, League, or School
          </Link>
        </div>
      </div>
    </header>
  );
}
