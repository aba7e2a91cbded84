import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { Suspense, useEffect, type ReactNode } from "react";
import type { AccountUser } from "~/components/layout/account-menu";
import { NotFoundMessage } from "~/components/layout/not-found-message";
import { AccountMenuPart, ModerationBannersPart, TestingModeTogglePart, TestModeBannerPart } from "~/components/layout/root-lazy-parts";
import { SiteHeader } from "~/components/layout/site-header";
import { Toaster } from "~/components/layout/toaster";
import { useDismissMenus } from "~/hooks/use-dismiss";
import { unreadCounts } from "~/features/messaging/inbox.server";
import type { Viewer } from "~/features/permissions/viewer";
import { getNotifications } from "~/features/notifications/bell.server";
import { unseenWarning } from "~/features/safety/warnings.server";
import { MODERATION_TEXT, suspendedMessage } from "~/shared/copy/safety";
import { getSession, isTestingModeOn } from "~/web/session.server";
import { useNonce } from "~/components/layout/nonce";
import { userRoomAccess } from "~/features/realtime/rooms.server";
import { readToast } from "~/web/toast.server";
import { skipRevalidationWhenUnsaved } from "~/shared/unsaved";
import stylesheet from "~/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg" },
  // The installable app (ADR 087). iOS finds its Home Screen icon at /apple-touch-icon.png by itself.
  { rel: "manifest", href: "/manifest.webmanifest" },
];

// The default title and description of a page without its own meta. The description comes with the root's
// data, so its words stay in the server's HTML, not in every page's JavaScript (ADR 033).
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: "LockerSwap — Buy, Sell & Swap Sports Equipment Locally" },
  { name: "description", content: data?.description ?? "" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { toasts, setCookie } = await readToast(context, request);
  const { viewer, clearCookie } = await getSession(request, context);
  // The bell and the badges are independent reads: side by side, one round trip after the session (ADR 034).
  const [notifications, badges, warning] = viewer
    ? await Promise.all([getNotifications(context.db, viewer), headerBadges(context, viewer), unseenWarning(context.db, viewer)])
    : [null, null, null];
  const user = viewer
    ? {
        email: viewer.email,
        firstName: viewer.firstName,
        zipCode: viewer.zipCode,
        isAdmin: viewer.isAdmin,
        notifications: notifications!,
        ...badges!,
        // ADR 069: the banners while suspended and until a warning is dismissed, worded here so
        // the copy stays out of every page's JavaScript.
        suspension: viewer.suspension
          ? { message: `${suspendedMessage(viewer.suspension.until)}.`, reason: MODERATION_TEXT.suspensionReason(viewer.suspension.reason) }
          : null,
        warning: warning ? { id: warning.id, message: MODERATION_TEXT.warned(warning.reason) } : null,
      }
    : null;
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);
  if (clearCookie) headers.append("Set-Cookie", clearCookie);
  return data(
    {
      toasts,
      user,
      testingMode: context.env.testingMode,
      testingModeOn: Boolean(user) && isTestingModeOn(request, context.env),
      production: context.env.APP_ENV === "production",
      description: "Buy, sell and swap used sports gear with families, players and teams near you. No shipping, no seller fees.",
    },
    { headers },
  );
}

/**
 * Unread badges (ADR 042): ONE query (`unreadCounts`), plus the user room's token (no
 * query) so the header refetches them live. Kept apart so the root loader's batching can take it in.
 */
async function headerBadges(context: LoaderFunctionArgs["context"], viewer: Viewer) {
  const [counts, userRoom] = await Promise.all([unreadCounts(context.db, viewer), userRoomAccess(context, viewer)]);
  return { badges: { directMessages: counts.directMessages, total: counts.total }, userRoom };
}

// A submission the server could not complete changed nothing: no reload (ADR 047, ~/shared/unsaved).
export const shouldRevalidate = skipRevalidationWhenUnsaved;

// The signed-in chrome (ZIP chip, bell, user menu) is its own chunk, fetched only when someone is
// signed in: its code stays out of every other visitor's first-load JavaScript (ADR 033). It is
// server-rendered either way, and its menus are <details> and its forms plain POSTs, so they work
// before the chunk arrives. Likewise the testing-mode banner and switch: production runs with
// TESTING_MODE=off, where they never render, so no visitor there downloads them. These parts come from
// ~/components/layout/root-lazy-parts (the toast list from the toaster): when their HTML is on the page,
// entry.client loads them before it hydrates, so no boundary of the root is still waiting for its chunk when the
// first navigation changes Remix's context (React error #421, ADR 063).
function AccountMenu({ user }: { user: AccountUser }) {
  return (
    <Suspense fallback={null}>
      <AccountMenuPart user={user} />
    </Suspense>
  );
}

// Kept importable from here (the catch-all route uses it); it lives in its own module so that
// importing it does not make this route module a shared chunk.
export { NotFoundMessage };

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // `<html data-hydrated>`: the page's script runs (error pages too). The e2e suite waits for it after
  // every page load before it types or clicks where JavaScript answers (tests/e2e/fixtures.ts).
  useEffect(() => {
    document.documentElement.setAttribute("data-hydrated", "");
  }, []);
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-full bg-slate-50 font-sans text-slate-900 antialiased">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
          Skip to content
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toasts, user, testingMode, testingModeOn } = useLoaderData<typeof loader>();
  useDismissMenus();
  return (
    <>
      {testingModeOn ? (
        <Suspense fallback={null}>
          <TestModeBannerPart />
        </Suspense>
      ) : null}
      <SiteHeader account={user ? <AccountMenu user={user} /> : undefined} />
      {user?.suspension || user?.warning ? (
        <Suspense fallback={null}>
          <ModerationBannersPart suspension={user.suspension} warning={user.warning} />
        </Suspense>
      ) : null}
      <main id="main" className="mx-auto w-full min-w-0 max-w-7xl px-3 py-6 sm:px-6">
        <Outlet />
      </main>
      {testingMode ? (
        <footer className="mx-auto flex max-w-7xl items-center justify-start px-3 pb-6 sm:px-6">
          <Suspense fallback={null}>
            <TestingModeTogglePart on={testingModeOn} />
          </Suspense>
        </footer>
      ) : null}
      <Toaster serverToasts={toasts} />
    </>
  );
}

/** Never a stack trace in production: a friendly page, and the details only in development. */
export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>("root");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const showDetails = root ? !root.production : false;
  return (
    <>
      <SiteHeader account={root?.user ? <AccountMenu user={root.user} /> : undefined} />
      <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
        {notFound ? (
          <NotFoundMessage />
        ) : (
          <>
            <h1 className="text-2xl font-bold">Something went wrong</h1>
            {/* The same words for every unexpected failure, read or write (ADR 047): a stopped database
                answers 503 with this page. */}
            <p className="mt-2 text-slate-600">We couldn't load this page. Please try again in a moment.</p>
            <p className="mt-1 text-slate-600">
              If you were saving something, it may not have been saved: please check, then send it again.
            </p>
            {showDetails && error instanceof Error ? (
              <pre className="mt-6 overflow-auto rounded bg-slate-100 p-3 text-left text-xs">{error.message}</pre>
            ) : null}
            <Link to="/" className="mt-6 inline-block font-medium text-brand-700 underline">
              Return to Home
            </Link>
          </>
        )}
      </main>
    </>
  );
}
