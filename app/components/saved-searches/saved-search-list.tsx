// The rows of /saved-searches (ADR 071): each saved search with 'Run now', its matches, and
// Rename / Pause or Resume / Delete — plain forms posting to the page's action, so every button
// works without JavaScript (Rename and Delete open in a <details> there).
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { DefaultSubmit, ErrorList, Field } from "~/components/ui/forms";
import { ButtonLink, ButtonSummary } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import { useLazyValidation } from "~/hooks/use-lazy-validation";
import { matchesSoFarText, newMatchesText } from "~/shared/copy/saved-searches";
import type { FieldConstraint } from "~/shared/form-constraint";

export type SavedSearchItem = { id: string; name: string; href: string; paused: boolean; newMatches: number; matches: number };

/** A refused rename, for its own row (the action's other refusals are a `formError`). */
export type RenameReply = { form: "rename"; id?: string; result: SubmissionResult<string[]> };

export function SavedSearchList({
  searches,
  constraint,
  rename,
}: {
  searches: SavedSearchItem[];
  constraint: Record<string, FieldConstraint>;
  rename?: RenameReply;
}) {
  if (searches.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center" data-testid="saved-searches-empty">
        <p className="font-semibold text-slate-900">You have no saved searches yet.</p>
        <p className="mt-2 text-slate-600">
          Search from the home page or open a sport, set the filters you want, then choose &lsquo;Save this search&rsquo;. We will tell you
          when new gear matches it.
        </p>
        <ButtonLink to="/" variant="secondary" className="mt-4">
          Start a search
        </ButtonLink>
      </div>
    );
  }
  return (
    <ul className="space-y-3" aria-label="Your saved searches">
      {searches.map((search) => (
        <SavedSearchRow key={search.id} search={search} constraint={constraint} reply={rename?.id === search.id ? rename : undefined} />
      ))}
    </ul>
  );
}

function SavedSearchRow({
  search,
  constraint,
  reply,
}: {
  search: SavedSearchItem;
  constraint: Record<string, FieldConstraint>;
  reply?: RenameReply;
}) {
  const nameId = `saved-search-${search.id}`;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" aria-labelledby={nameId} data-testid="saved-search">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 id={nameId} className="break-words text-lg font-semibold text-slate-900">
            {search.name}
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            {search.paused ? <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">Paused</span> : null}
            <span className={search.newMatches > 0 ? "font-semibold text-brand-700" : undefined}>{newMatchesText(search.newMatches)}</span>
            <span>{matchesSoFarText(search.matches)}</span>
          </p>
        </div>
        <ButtonLink to={search.href} size="sm" aria-label={`Run now: ${search.name}`}>
          Run now
        </ButtonLink>
      </div>
      <div className="mt-3 flex flex-wrap items-start gap-2">
        <RenameForm search={search} constraint={constraint} reply={reply} />
        <PauseForm search={search} />
        <ConfirmDialog
          trigger="Delete"
          title="Delete this saved search?"
          description={<>&lsquo;{search.name}&rsquo; and its matches go. New listings will no longer be matched to it.</>}
          confirmLabel="Yes, delete"
          pendingLabel="Deleting..."
          fields={{ intent: "delete", id: search.id }}
        />
      </div>
    </li>
  );
}

function PauseForm({ search }: { search: SavedSearchItem }) {
  const intent = search.paused ? "resume" : "pause";
  const pending = useIsPending({ intent });
  return (
    <Form method="post">
      <input type="hidden" name="id" value={search.id} />
      <SubmitButton
        name="intent"
        value={intent}
        tone="secondary"
        className="text-sm"
        pending={pending}
        pendingText={search.paused ? "Resuming..." : "Pausing..."}
      >
        {search.paused ? "Resume" : "Pause"}
      </SubmitButton>
    </Form>
  );
}

function RenameForm({
  search,
  constraint,
  reply,
}: {
  search: SavedSearchItem;
  constraint: Record<string, FieldConstraint>;
  reply?: RenameReply;
}) {
  const validation = useLazyValidation(() => import("./rename-validation").then((module) => module.validateRename));
  const [form, fields] = useForm({
    id: `rename-${search.id}`,
    lastResult: reply?.result,
    constraint,
    onValidate: validation.onValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { name: search.name },
  });
  const pending = useIsPending({ intent: "rename" });
  return (
    // Open again when the server refused this row's name, so the message and the entered name show.
    <details className="open:w-full" open={reply ? true : undefined}>
      <ButtonSummary className="text-sm">Rename</ButtonSummary>
      <Form
        method="post"
        {...getFormProps(form)}
        onInput={validation.onInput}
        onFocus={validation.onFocus}
        className="mt-2 flex flex-col gap-2 sm:w-96"
      >
        <DefaultSubmit name="intent" value="rename" />
        <input type="hidden" name="id" value={search.id} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field label="Name" field={fields.name} inputProps={{ autoComplete: "off" }} />
        <div>
          <SubmitButton name="intent" value="rename" className="text-sm" pending={pending} pendingText="Saving...">
            Save name
          </SubmitButton>
        </div>
      </Form>
    </details>
  );
}
