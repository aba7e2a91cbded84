import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { HOME_SPORT_KEYS, getSport } from "~/catalog";
import { marketplaceStats } from "~/domain/marketplace.server";

export const meta: MetaFunction = () => [{ title: "LockerSwap — Buy, Sell & Swap Sports Equipment Locally" }];

export async function loader({ context }: LoaderFunctionArgs) {
  return { stats: await marketplaceStats(context.db) };
}

const STEPS = [
  { n: 1, title: "List Gear", text: "Snap a pic and add the item" },
  { n: 2, title: "Connect Locally", text: "Chat with neighbors and teammates" },
  { n: 3, title: "Swap or Sell", text: "Meet up safely, no shipping" },
];

export default function Home() {
  const { stats } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-10">
      <section className="rounded-2xl bg-gradient-to-br from-brand-600 to-brand-900 px-6 py-10 text-white">
        <h1 className="text-3xl font-bold sm:text-4xl">Buy, Sell &amp; Swap Sports Equipment Locally</h1>
        <p className="mt-3 max-w-2xl text-brand-100">
          Local with no shipping, safe meetups in public places, no seller fees, and team swaps with your club.
        </p>
        <p className="mt-4 text-sm text-brand-100" data-testid="marketplace-stats">
          {stats.listings} items in play · {stats.clubs} public clubs
        </p>
        <Link to="/clubs" className="mt-4 inline-block text-sm font-medium underline">
          Looking for your team's gear hub? Find your organization.
        </Link>
      </section>

      <section aria-labelledby="how-it-works">
        <h2 id="how-it-works" className="text-xl font-bold">
          How It Works
        </h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-3">
          {STEPS.map((step) => (
            <li key={step.n} className="rounded-xl bg-white p-5 shadow-sm">
              <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-700">
                {step.n}
              </span>
              <p className="mt-3 font-semibold">{step.title}</p>
              <p className="text-sm text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="browse-by-sport">
        <h2 id="browse-by-sport" className="text-xl font-bold">
          Browse by Sport
        </h2>
        <ul className="mt-4 flex flex-wrap gap-2">
          {HOME_SPORT_KEYS.map((key) => {
            const sport = getSport(key)!;
            return (
              <li key={key}>
                <Link
                  to={`/sport/${key}`}
                  className="inline-flex items-center gap-1 rounded-full border border-slate-200 bg-white px-3 py-1.5 text-sm hover:border-brand-500"
                >
                  <span aria-hidden="true">{sport.emoji}</span> {sport.name}
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
