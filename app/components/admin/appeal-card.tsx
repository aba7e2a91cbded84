// One appeal in the admin queue (ADR 099): whose, of what decision, their words, and the two
// outcomes as plain forms (no JavaScript needed). Shown only to admins who did not make the decision.
import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { formatDate } from "~/shared/format";
import { APPEAL_TEXT } from "~/shared/copy/appeals";

export type AppealView = {
  id: string;
  title: string;
  what: string | null;
  href: string | null;
  reason: string | null;
  text: string;
  createdAt: string;
  person: { name: string; email: string };
};

export function AppealCard({ appeal }: { appeal: AppealView }) {
  const headingId = `appeal-${appeal.id}`;
  return (
    <Card as="article" aria-labelledby={headingId} className="space-y-3 p-4" data-testid="appeal">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {appeal.title}
        {appeal.what ? (
          <>
            :{" "}
            {appeal.href ? (
              <Link to={appeal.href} className="break-words text-brand-700 underline underline-offset-2">
                {appeal.what}
              </Link>
            ) : (
              <span className="break-words">{appeal.what}</span>
            )}
          </>
        ) : null}
      </h3>
      <p className="break-words text-sm text-slate-700">
        {appeal.person.name} ({appeal.person.email}){appeal.reason ? ` · ${appeal.reason}` : ""} · appealed {formatDate(appeal.createdAt)}
      </p>
      <blockquote className="whitespace-pre-line break-words rounded-md border-l-4 border-slate-300 bg-slate-50 p-3 text-slate-900">
        {appeal.text}
      </blockquote>
      <div className="flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="decideAppeal" />
          <input type="hidden" name="appealId" value={appeal.id} />
          <input type="hidden" name="outcome" value="reverse" />
          <Button type="submit">
            {APPEAL_TEXT.reverse}
            <span className="sr-only"> ({appeal.person.email})</span>
          </Button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="decideAppeal" />
          <input type="hidden" name="appealId" value={appeal.id} />
          <input type="hidden" name="outcome" value="uphold" />
          <Button type="submit" variant="secondary">
            {APPEAL_TEXT.uphold}
            <span className="sr-only"> ({appeal.person.email})</span>
          </Button>
        </Form>
      </div>
    </Card>
  );
}
