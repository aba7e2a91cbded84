import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { linksIn, listOutbox } from "~/platform/mail.server";
import { requireDevRoutes } from "~/web/dev-routes.server";
import { pageMeta } from "~/web/meta";

export const meta: MetaFunction = () => pageMeta("Outbox — LockerSwap dev", "Mail the local stack has sent (development only).");

/** The local mail outbox: development and tests only, 404 elsewhere. */
export async function loader({ context }: LoaderFunctionArgs) {
  requireDevRoutes(context);
  const mails = await listOutbox(context.db);
  return {
    mails: mails.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      createdAt: m.createdAt.toISOString(),
      links: linksIn(m.text),
    })),
  };
}

export default function DevOutbox() {
  const { mails } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold">Mail outbox</h1>
      {mails.length === 0 ? <p className="mt-4 text-slate-600">No mail yet.</p> : null}
      <ul className="mt-4 space-y-4">
        {mails.map((mail) => (
          <li key={mail.id} className="rounded-lg border border-slate-200 bg-white p-4" data-testid="outbox-mail">
            <p className="text-sm text-slate-500">
              To <span className="font-medium text-slate-800">{mail.to}</span> · {mail.createdAt}
            </p>
            <h2 className="mt-1 font-semibold">{mail.subject}</h2>
            <pre className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-700">{mail.text}</pre>
            {mail.links.map((href) => (
              <a key={href} href={href} className="mt-2 block break-all text-sm font-medium text-brand-700 underline">
                {href}
              </a>
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}
