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
import type { ReactNode } from "react";
import { SiteHeader } from "~/components/site-header";
import { Toaster } from "~/components/toaster";
import { useNonce } from "~/lib/nonce";
import { readToast } from "~/lib/toast.server";
import stylesheet from "~/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "LockerSwap — Buy, Sell & Swap Sports Equipment Locally" },
  { name: "description", content: "Buy, sell and swap used sports gear with families, players and teams near you. No shipping, no seller fees." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { toast, setCookie } = await readToast(context, request);
  return data(
    { toast, testingMode: context.env.testingMode, production: context.env.APP_ENV === "production" },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
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
  const { toast } = useLoaderData<typeof loader>();
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto max-w-7xl px-3 py-6 sm:px-6">
        <Outlet />
      </main>
      <Toaster serverToast={toast} />
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
      <SiteHeader />
      <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
        {notFound ? (
          <NotFoundMessage />
        ) : (
          <>
            <h1 className="text-2xl font-bold">Something went wrong</h1>
            <p className="mt-2 text-slate-600">We couldn't load this page. Please try again in a moment.</p>
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

export function NotFoundMessage() {
  return (
    <>
      <p className="text-6xl font-bold text-brand-600">404</p>
      <h1 className="mt-4 text-2xl font-bold">Oops! Page not found</h1>
      <Link to="/" className="mt-6 inline-block font-medium text-brand-700 underline">
        Return to Home
      </Link>
    </>
  );
}
