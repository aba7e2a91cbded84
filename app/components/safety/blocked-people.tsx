// 'Blocked people' on /player-profile (ADR 069): everyone the viewer blocked, each with an
// 'Unblock' button — a plain form posting to /block/{id}, so it works without JavaScript.
import { Form } from "@remix-run/react";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";

// Its texts live here, not in copy/safety.ts: that module is a chunk of ~1 KB gzip (report reasons,
// moderation texts) which /player-profile, at the edge of its 110 KB first-load budget, would then load.
const T = {
  heading: "Blocked people",
  intro: "People you blocked can't contact you, and neither of you sees the other's listings.",
  empty: "You have not blocked anyone.",
} as const;

export function BlockedPeople({ people }: { people: { id: string; name: string }[] }) {
  return (
    <section aria-labelledby="blocked-people" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="blocked-people" className="text-lg font-semibold text-slate-900">
        {T.heading}
      </h2>
      <p className="mt-1 text-slate-600">{T.intro}</p>
      {people.length === 0 ? (
        <p className="mt-3 text-slate-600" data-testid="blocked-people-empty">
          {T.empty}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200" data-testid="blocked-people">
          {people.map((person) => (
            <BlockedPerson key={person.id} person={person} />
          ))}
        </ul>
      )}
    </section>
  );
}

function BlockedPerson({ person }: { person: { id: string; name: string } }) {
  const action = `/block/${person.id}`;
  const pending = useIsPending({ formAction: action, intent: "unblock" });
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span className="font-medium text-slate-900">{person.name}</span>
      <Form method="post" action={action}>
        <input type="hidden" name="redirectTo" value="/player-profile" />
        <SubmitButton
          name="intent"
          value="unblock"
          tone="secondary"
          size="sm"
          pending={pending}
          pendingText="Unblocking..."
          aria-label={`Unblock ${person.name}`}
        >
          Unblock
        </SubmitButton>
      </Form>
    </li>
  );
}
