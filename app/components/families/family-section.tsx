// 'Family' on /player-profile (ADR 091): the viewer's players — first name, age, sizes — with links to
// change each, to add one, and the outgrown prompts waiting. Words and links come from the loader.
import { Link } from "@remix-run/react";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { FamilySectionView } from "~/features/families/family-view.server";

export function FamilySection({ family }: { family: FamilySectionView }) {
  return (
    <Card aria-labelledby="family" as="section" padding="lg">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="family" className="text-lg font-semibold text-slate-900">
          Family
        </h2>
        <ButtonLink to="/family/players/new" variant="secondary" size="sm">
          Add a player
        </ButtonLink>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Your kids&apos; sizes find gear that fits. Only you and the guardians you invite see them.
      </p>
      {family.prompts.length ? (
        <ul className="mt-3 space-y-2" aria-label="Outgrown anything?">
          {family.prompts.map((prompt) => (
            <li key={prompt.href} className="rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
              <Link to={prompt.href} className="font-semibold underline">
                {prompt.text}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {family.players.length === 0 ? (
        <p className="mt-3 text-slate-600">No players yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200" data-testid="family-players">
          {family.players.map((player) => (
            <li key={player.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <Link to={player.href} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                  {player.firstName}
                </Link>{" "}
                <span className="text-sm text-slate-600">{player.line}</span>
              </span>
              <span className="text-sm text-slate-700">{player.sizes}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
