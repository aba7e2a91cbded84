import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PlayerForm } from "~/components/families/player-form";
import { Card } from "~/components/ui/card";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/forms";
import { Select } from "~/components/ui/select";
import { useIsPending } from "~/components/ui/status-button";
import { useForm, getFormProps, type SubmissionResult } from "@conform-to/react";
import {
  addToRoster,
  invitationFor,
  playerOf,
  removeFromRoster,
  removePlayer,
  rosterClubsOf,
  savePlayer,
} from "~/features/families/players.server";
import { hashToken, randomToken } from "~/features/accounts/session.server";
import { sendMail } from "~/platform/mail.server";
import { SIZE_SCALES, PLAYER_SIZE_KINDS } from "~/shared/catalog/sizes";
import { SPORTS_BY_NAME } from "~/shared/catalog/sport-names";
import { getFormConstraint } from "~/shared/form-constraint";
import { InviteGuardianSchema, PlayerActionSchema, PlayerFormSchema } from "~/shared/schemas/family";
import { pageMeta } from "~/web/meta";
import { requireUser } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";

// A player's page (ADR 091): '/family/players/new' adds one (the id is minted here, so a retried
// save stores one player), '/family/players/{id}' changes one of the viewer's own — another family's
// id is a 404. Also: invite a second guardian, add to or take off a club roster, remove.

export const meta: MetaFunction = () => pageMeta("Player — LockerSwap", "A player in your family: sizes, sports, rosters.");

const FAMILY = "/player-profile#family";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const id = params.id ?? "";
  const isNew = id === "new";
  const [player, clubs] = await Promise.all([
    isNew ? Promise.resolve(null) : playerOf(context.db, viewer, id),
    rosterClubsOf(context.db, viewer),
  ]);
  if (!isNew && !player) throw data({ notFound: true }, { status: 404 });
  const sizes = Object.fromEntries((player?.sizes ?? []).map((s) => [s.kind, { value: s.value, measuredOn: s.measuredOn }]));
  return data(
    {
      isNew,
      player: player ? { id: player.id, firstName: player.firstName, guardians: player.guardians, rosters: player.rosters } : null,
      form: {
        playerId: player?.id ?? crypto.randomUUID(),
        values: {
          firstName: player?.firstName ?? "",
          birthYear: player ? String(player.birthYear) : "",
          sports: player?.sports ?? [],
          sizes,
        },
        sportOptions: SPORTS_BY_NAME.map((s) => ({ value: s.key, label: s.name })),
        scales: PLAYER_SIZE_KINDS.map((kind) => ({ kind, label: SIZE_SCALES[kind].label, values: [...SIZE_SCALES[kind].values] })),
        today: new Date().toISOString().slice(0, 10),
        constraint: getFormConstraint(PlayerFormSchema),
      },
      clubs: clubs.filter((c) => !player?.rosters.some((r) => r.clubId === c.id)),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: PlayerActionSchema });
  if (submission.status !== "success") return data({ form: "player" as const, result: submission.reply() }, { status: 400 });
  const form = submission.value;
  const id = params.id ?? "";
  if (form.intent === "save") {
    // The URL's id and the form's agree, or it is not this page's player.
    if (id !== "new" && id !== form.playerId) throw data({ notFound: true }, { status: 404 });
    const saved = await savePlayer(context.db, viewer, form);
    if (!saved.ok) throw data({ notFound: true }, { status: 404 });
    return redirectWithToast(context, FAMILY, {
      title: saved.created ? `${form.firstName} added to your family` : "Player saved",
      variant: "success",
    });
  }
  if (form.intent === "remove") {
    if (!(await removePlayer(context.db, viewer, id))) throw data({ notFound: true }, { status: 404 });
    return redirectWithToast(context, FAMILY, { title: "Player removed from your family", variant: "success" });
  }
  if (form.intent === "invite") {
    const token = randomToken();
    const invited = await invitationFor(context.db, viewer, id, form.email, { token, hash: await hashToken(token) });
    if (!invited) throw data({ notFound: true }, { status: 404 });
    const link = `${context.env.APP_ORIGIN}/family/invite?${new URLSearchParams({ token })}`;
    await sendMail(context, {
      to: form.email.trim().toLowerCase(),
      subject: `Share ${invited.firstName}'s sizes on LockerSwap`,
      text: `You were invited to be a guardian of ${invited.firstName} on LockerSwap: their sizes and the gear that fits.\n\nOpen the link and press the button to accept (sign in with this e-mail address):\n\n${link}\n\nThe link works for 7 days. If you do not know why you got this, ignore it.`,
    });
    return redirectWithToast(context, `/family/players/${id}`, { title: "Invitation sent", variant: "success" });
  }
  const done =
    form.intent === "addToRoster"
      ? await addToRoster(context.db, viewer, id, form.clubId)
      : await removeFromRoster(context.db, viewer, id, form.clubId);
  if (!done) throw data({ notFound: true }, { status: 404 });
  return redirectWithToast(context, `/family/players/${id}`, {
    title: form.intent === "addToRoster" ? "Added to the roster" : "Taken off the roster",
    variant: "success",
  });
}

export default function PlayerPage() {
  const { isNew, player, form, clubs } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ intent: "save" });
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <Link to={FAMILY} className="text-sm font-medium text-brand-700 underline">
        Back to your family
      </Link>
      <h1 className="text-2xl font-bold text-slate-900">{isNew ? "Add a player" : player!.firstName}</h1>
      <Card as="section" padding="lg" aria-label="Player">
        <PlayerForm data={form} lastResult={actionData && "result" in actionData ? actionData.result : undefined} pending={pending} />
      </Card>
      {player ? (
        <PlayerExtras player={player} clubs={clubs} lastResult={actionData && "result" in actionData ? actionData.result : undefined} />
      ) : null}
    </div>
  );
}

function PlayerExtras({
  player,
  clubs,
  lastResult,
}: {
  player: { id: string; firstName: string; guardians: number; rosters: { clubId: string; slug: string; name: string }[] };
  clubs: { id: string; name: string }[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [invite, inviteFields] = useForm<{ email: string }, { email: string }, string[]>({
    id: "invite-guardian",
    lastResult,
    constraint: getFormConstraint(InviteGuardianSchema),
  });
  return (
    <>
      <Card as="section" padding="lg" aria-labelledby="rosters">
        <h2 id="rosters" className="text-lg font-semibold text-slate-900">
          Club rosters
        </h2>
        <p className="mt-1 text-sm text-slate-600">A roster shows {player.firstName}&apos;s first name and age group, nothing else.</p>
        <ul className="mt-3 space-y-2">
          {player.rosters.map((r) => (
            <li key={r.clubId} className="flex flex-wrap items-center justify-between gap-2">
              <Link to={`/club/${r.slug}`} className="font-medium text-brand-700 underline">
                {r.name}
              </Link>
              <Form method="post">
                <input type="hidden" name="clubId" value={r.clubId} />
                <Button type="submit" name="intent" value="removeFromRoster" variant="secondary" size="sm">
                  Take off the roster
                </Button>
              </Form>
            </li>
          ))}
        </ul>
        {clubs.length ? (
          <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
            <label className="text-sm font-medium text-slate-900">
              Add to the roster of
              <Select name="clubId" className="mt-1 block">
                {clubs.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </Select>
            </label>
            <Button type="submit" name="intent" value="addToRoster" variant="secondary">
              Add to roster
            </Button>
          </Form>
        ) : (
          <p className="mt-3 text-sm text-slate-600">Join a club to add {player.firstName} to its roster.</p>
        )}
      </Card>
      <Card as="section" padding="lg" aria-labelledby="guardians">
        <h2 id="guardians" className="text-lg font-semibold text-slate-900">
          Guardians ({player.guardians})
        </h2>
        <Form method="post" {...getFormProps(invite)} className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="invite" />
          <Field
            label="Invite a second guardian by e-mail"
            field={inviteFields.email}
            inputProps={{ type: "email", autoComplete: "off" }}
          />
          <Button type="submit" variant="secondary">
            Send invitation
          </Button>
        </Form>
      </Card>
      <Card as="section" padding="lg" aria-labelledby="remove-player">
        <h2 id="remove-player" className="text-lg font-semibold text-slate-900">
          Remove from my family
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {player.guardians > 1 ? "The other guardian keeps them." : `${player.firstName} and their sizes are deleted.`}
        </p>
        <Form method="post" className="mt-3">
          <Button type="submit" name="intent" value="remove" variant="danger">
            Remove {player.firstName}
          </Button>
        </Form>
      </Card>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Player not found</h1>
      <Link to={FAMILY} className="mt-6 inline-block font-medium text-brand-700 underline">
        Back to your family
      </Link>
    </div>
  );
}
