// 'Teens' on a guardian's Player Profile and 'Your guardian' on a teen's (ADR 092). Server-rendered
// from the loader's view; `manage` draws a teen's controls (/guardian passes its unlink form).
import type { ReactNode } from "react";
import { ButtonLink } from "~/components/ui/button";
import type { TeensSectionView } from "~/features/families/minors";

export function TeensSection({
  view,
  words,
  manage,
}: {
  view: TeensSectionView;
  words: { pending: string; linked: string };
  manage?: (teen: { linkId: string; name: string }) => ReactNode;
}) {
  if (view.kind === "teen")
    return (
      <section
        aria-labelledby="guardian-title"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
        data-testid="your-guardian"
      >
        <h2 id="guardian-title" className="text-xl font-semibold text-slate-900">
          Your guardian
        </h2>
        <p className="mt-2 text-slate-700">{view.linked ? words.linked : words.pending}</p>
        {view.guardians.length ? (
          <ul className="mt-3 space-y-1 text-slate-800">
            {view.guardians.map((g) => (
              <li key={g.linkId}>{g.name}</li>
            ))}
          </ul>
        ) : null}
        <ButtonLink to="/guardian" size="slim" variant="secondary" className="mt-4">
          {view.linked ? "Manage your guardian" : "Ask a parent or guardian"}
        </ButtonLink>
      </section>
    );
  return (
    <section aria-labelledby="teens-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="teens">
      <h2 id="teens-title" className="text-xl font-semibold text-slate-900">
        Teens
      </h2>
      <ul className="mt-3 divide-y divide-slate-200">
        {view.teens.map((teen) => (
          <li key={teen.linkId} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="font-medium text-slate-900">{teen.name}</p>
              <p className="text-sm text-slate-600">
                Born {teen.born}
                {teen.stillMinor ? "" : " · now 18: a plain account"}
              </p>
            </div>
            {manage ? (
              manage(teen)
            ) : (
              <ButtonLink to="/guardian" size="slim" variant="secondary">
                Manage
              </ButtonLink>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
