import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { ProfileForm, ReadOnlyAccount } from "~/components/accounts/account-settings";
import { PasswordForm, SignOutOthers } from "~/components/accounts/password-and-devices";
import { DealHistorySection } from "~/components/accounts/deal-history";
import { ProfileClubs, ProfileListings } from "~/components/accounts/profile-lists";
import { BlockedPeople } from "~/components/safety/blocked-people";
import { NotificationSettings } from "~/components/notifications/notification-settings";
import { KIND_MODES, NotificationSettingsSchema, pushChoicesOf, saveSettings, settingsOf } from "~/features/notifications/settings.server";
import { pushDevicesView, removeDeviceIntent } from "~/web/push-settings.server";
import { PUSH_TEXT } from "~/shared/copy/push";
import { NOTIFICATION_SETTINGS_SAVED, notificationSettingsView, notSaved } from "~/shared/copy/notification-settings";
import { blockedPeopleOf } from "~/features/moderation/block-actions.server";
import { countSavedSearches } from "~/features/matching/saved-searches.server";
import { dealHistoryFor, type HistoryDeal } from "~/features/trade/deal-history.server";
import { userRating } from "~/features/trade/ratings.server";
import { DEAL_STATE_LABELS } from "~/shared/copy/deals";
import { ButtonLink } from "~/components/ui/button";
import { changePassword, getProfilePage, signOutOtherSessions, updateOwnProfile } from "~/features/accounts/profile.server";
import { RATE_LIMIT_MESSAGE } from "~/features/accounts/rate-limit.server";
import { deleteUserAccount } from "~/features/admin/admin-deletions.server";
import { finishPhotoDeletes } from "~/features/photos/ledger.server";
import { disconnectEverywhere } from "~/features/realtime/rooms.server";
import { clearSessionCookie, currentSessionHash, requireUser } from "~/web/session.server";
import { getFormConstraint } from "~/shared/form-constraint";
import { pageMeta } from "~/web/meta";
import { redirectWithToast } from "~/web/toast.server";
import { PasswordToggleSchema } from "~/shared/schemas/auth";
import { ChangePasswordSchema, ProfileActionSchema, ProfileSchema } from "~/shared/schemas/profile";
import { firstError, knownIntent } from "~/shared/schemas/intent";
import { Card } from "~/components/ui/card";
import { FamilySection } from "~/components/families/family-section";
import { familySectionFor } from "~/features/families/family-view.server";
import { lazy, Suspense } from "react";
import { teensSectionView } from "~/features/families/guardian-page.server";
import { GUARDIAN_TEXT } from "~/shared/copy/families";

// Deleting the account is one button at the page's end: the dialog's code is a chunk of its own, out of the
// page's first-load JavaScript (ADR 033's 110 KB). Server-rendered either way, and without JavaScript it is the
// dialog's own <details> question, a plain POST.
// 'Teens' is a guardian's or a teen's part only: a chunk of its own, off everyone else's first load (ADR 033).
const TeensSection = lazy(() => import("~/components/families/teens-section").then((module) => ({ default: module.TeensSection })));
const ConfirmDialog = lazy(() => import("~/components/ui/confirm-dialog").then((module) => ({ default: module.ConfirmDialog })));

// Player Profile (spec 02 §2 /player-profile). Your own page: Account Settings
// (e-mail read-only; names and ZIP editable, city/state follow the ZIP), password, other devices,
// My Listings, Clubs & Organizations. A site admin may open anyone's page with ?user= — read-only,
// 'Admin View'. Anyone else asking for ?user= gets 'Access Denied' and their own page. The action
// only ever changes the signed-in user's own account, whatever ?user= says.

export const meta: MetaFunction = () =>
  pageMeta("Player Profile — LockerSwap", "Your LockerSwap account: your name and location, your listings and your clubs.");

const ACCESS_DENIED = { title: "Access Denied", description: "You can only view your own profile", variant: "destructive" } as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const asked = new URL(request.url).searchParams.get("user");
  const target = asked && asked !== viewer.id ? asked : viewer.id;
  // The deals and the rating beside the page's own reads (ADR 068); they are shown only once
  // getProfilePage has said the viewer may see `target` (oneself, or a site admin with ?user=).
  const sessionHash = await currentSessionHash(request, context.env);
  const self = target === viewer.id;
  const [found, history, rating, blocked, saved, notify, pushKinds, devices, family, teens] = await Promise.all([
    getProfilePage(context.db, viewer, target, sessionHash),
    dealHistoryFor(context.db, target),
    userRating(context.db, target),
    // 'Blocked people' (ADR 069): one's own page only — an admin's ?user= view never lists them.
    target === viewer.id ? blockedPeopleOf(context.db, viewer) : Promise.resolve([]),
    // The 'Saved searches' link's count (ADR 071): one's own only, like the blocks.
    target === viewer.id ? countSavedSearches(context.db, viewer) : Promise.resolve(0),
    // 'Notifications' (ADR 073): how one is told is one's own; an admin's ?user= view leaves it out.
    target === viewer.id ? settingsOf(context.db, viewer.id) : Promise.resolve(null),
    // Push (ADR 087, 100): the kinds with push on, 'Show message text', and this person's devices.
    self ? pushChoicesOf(context.db, viewer.id) : Promise.resolve({ kinds: [], showText: false }),
    self ? pushDevicesView(context.db, context.env, viewer.id) : Promise.resolve(null),
    self ? familySectionFor(context.db, viewer) : Promise.resolve(null), // 'Family' (ADR 091): one's own only
    self ? teensSectionView(context.db, viewer) : Promise.resolve(null), // 'Teens' (ADR 092): one's own only
  ]);
  if (!found.ok && found.reason === "denied") throw await redirectWithToast(context, "/player-profile", ACCESS_DENIED);
  if (!found.ok) throw data({ notFound: true }, { status: 404 });
  const { page } = found;
  const deals = (list: HistoryDeal[]) =>
    list.map(({ party: _party, listingId: _listing, otherId: _other, at, ...deal }) => ({
      ...deal,
      stateLabel: DEAL_STATE_LABELS[deal.state],
      at: at.toISOString(),
    }));
  return data(
    {
      role: page.role,
      can: page.can,
      user: { ...page.user, joinedAt: page.user.joinedAt.toISOString() },
      listings: page.listings.map((l) => ({ ...l, createdAt: l.createdAt.toISOString() })),
      clubs: page.clubs,
      deals: { bought: deals(history.bought), sold: deals(history.sold), swapped: deals(history.swapped), open: deals(history.open) },
      rating,
      otherSessions: page.otherSessions,
      blocked: page.role === "self" ? blocked.map(({ id, name }) => ({ id, name })) : [],
      savedSearches: page.role === "self" ? saved : null,
      notifications: page.role === "self" && notify ? notificationSettingsView(notify, KIND_MODES, pushKinds.kinds) : null,
      showPushText: page.role === "self" && pushKinds.showText,
      push: page.role === "self" ? devices : null,
      teens: page.role === "self" ? { view: teens, words: { pending: GUARDIAN_TEXT.pending, linked: GUARDIAN_TEXT.linked } } : null,
      family: page.role === "self" ? family : null,
      // The forms' HTML constraints travel with the page; zod loads on first focus (ADR 032, 033).
      constraints: { profile: getFormConstraint(ProfileSchema), password: getFormConstraint(ChangePasswordSchema) },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type ActionResult = {
  form: "profile" | "password" | "notifications";
  result: SubmissionResult<string[]>;
  showPassword?: boolean;
  formError?: string;
};

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const formData = await request.formData();
  const sessionHash = await currentSessionHash(request, context.env);

  // 'Notifications' (ADR 073): every kind in one batch, for the signed-in person only (a posted
  // userId is dropped by the schema). Refused: 400 with the entered values and words, nothing written.
  if (formData.get("intent") === "notifications") {
    const settings = parseWithZod(formData, { schema: NotificationSettingsSchema });
    if (settings.status !== "success") {
      return data<ActionResult>(
        { form: "notifications", result: settings.reply(), formError: notSaved(firstError(settings.error)) },
        { status: 400 },
      );
    }
    await saveSettings(context.db, viewer.id, settings.value.modes, new Date(), settings.value.push, settings.value.showText === "on");
    return redirectWithToast(context, "/player-profile#notifications", { title: NOTIFICATION_SETTINGS_SAVED, variant: "success" });
  }

  // A device's 'Remove' (ADR 087): one's own only — another person's device is a 404.
  if (formData.get("intent") === "removePushDevice" && (await removeDeviceIntent(context.db, viewer.id, formData)))
    return redirectWithToast(context, "/player-profile#notifications", { title: PUSH_TEXT.removed, variant: "success" });

  const toggle = parseWithZod(formData, { schema: PasswordToggleSchema });
  if (toggle.status === "success") {
    return data<ActionResult>(
      { form: "password", result: toggle.reply(), showPassword: toggle.value.togglePassword === "show" },
      { status: 200 },
    );
  }

  const submission = parseWithZod(formData, { schema: ProfileActionSchema });
  const passwords = ["currentPassword", "newPassword", "confirmPassword"];
  if (submission.status !== "success") {
    const intent = knownIntent(ProfileActionSchema, submission.payload);
    if (intent === "profile") return data<ActionResult>({ form: "profile", result: submission.reply() }, { status: 400 });
    if (intent === "password")
      return data<ActionResult>({ form: "password", result: submission.reply({ hideFields: passwords }) }, { status: 400 });
    return redirectWithToast(context, "/player-profile", {
      title: "Error",
      description: "Failed to update profile",
      variant: "destructive",
    });
  }
  const form = submission.value;

  switch (form.intent) {
    case "profile": {
      const saved = await updateOwnProfile(context.db, viewer, form);
      if (!saved.ok) {
        return data<ActionResult>({ form: "profile", result: submission.reply(), formError: "Failed to update profile" }, { status: 500 });
      }
      return redirectWithToast(context, "/player-profile", { title: "Profile updated", variant: "success" });
    }
    case "password": {
      const changed = await changePassword(context.db, context.env.PASSWORD_PEPPER, viewer, sessionHash, form);
      if (!changed.ok) {
        const message =
          changed.reason === "wrong_password"
            ? "The current password is not correct"
            : changed.reason === "rate_limited"
              ? RATE_LIMIT_MESSAGE
              : "This account signs in with Google and has no password to change";
        const fieldErrors = changed.reason === "wrong_password" ? { currentPassword: [message] } : undefined;
        return data<ActionResult>(
          {
            form: "password",
            result: submission.reply({ fieldErrors, formErrors: fieldErrors ? undefined : [message], hideFields: passwords }),
          },
          { status: changed.reason === "rate_limited" ? 429 : 400 },
        );
      }
      return redirectWithToast(context, "/player-profile", {
        title: "Password changed",
        description:
          changed.signedOut > 0 ? `Signed out ${changed.signedOut} other ${changed.signedOut === 1 ? "device" : "devices"}` : undefined,
        variant: "success",
      });
    }
    case "signOutOthers": {
      const ended = await signOutOtherSessions(context.db, viewer, sessionHash);
      return redirectWithToast(context, "/player-profile", {
        title: "Signed out of other devices",
        description: `${ended} other ${ended === 1 ? "session" : "sessions"} ended`,
        variant: "success",
      });
    }
    case "deleteAccount": {
      // The same deletion as the admin's (ADR 044), of the signed-in account only.
      await disconnectEverywhere(context, viewer.id);
      const deleted = await deleteUserAccount(context.db, viewer, viewer.id, "self");
      if (!deleted.ok) {
        const description = deleted.reason === "last_admin" ? "The last site admin cannot delete their account" : "Please try again";
        return redirectWithToast(context, "/player-profile", { title: "Error deleting account", description, variant: "destructive" });
      }
      await finishPhotoDeletes(context.db, context.photos, deleted.removedKeys);
      return redirectWithToast(
        context,
        "/",
        { title: "Account deleted", description: "Your account and everything in it are gone.", variant: "success" },
        {
          headers: { "Set-Cookie": clearSessionCookie(context.env) },
        },
      );
    }
  }
}

export default function PlayerProfile() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionResult>();
  const profileReply = actionData?.form === "profile" ? actionData : undefined;
  const passwordReply = actionData?.form === "password" ? actionData : undefined;
  const notificationsReply = actionData?.form === "notifications" ? actionData : undefined;
  const adminView = page.role === "siteAdmin";
  const name = [page.user.firstName, page.user.lastName].filter(Boolean).join(" ") || page.user.displayName || page.user.email;
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-8">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Player Profile</h1>
        {adminView ? (
          <span className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900" data-testid="admin-view-badge">
            Admin View
          </span>
        ) : null}
        <p className="w-full text-slate-600">
          {adminView ? `Viewing ${name}'s account. Everything here is read-only.` : "Your account, your listings and your clubs."}
        </p>
        {page.savedSearches !== null ? (
          <ButtonLink to="/saved-searches" variant="secondary" size="sm">
            Saved searches ({page.savedSearches})
          </ButtonLink>
        ) : null}
      </header>
      {page.teens?.view ? (
        <Suspense>
          <TeensSection view={page.teens.view} words={page.teens.words} />
        </Suspense>
      ) : null}

      <Card aria-labelledby="account-settings" as="section" padding="lg">
        <h2 id="account-settings" className="text-lg font-semibold text-slate-900">
          Account Settings
        </h2>
        {page.can.edit ? (
          <ProfileForm
            user={page.user}
            constraint={page.constraints.profile}
            lastResult={profileReply?.result}
            formError={profileReply?.formError}
          />
        ) : (
          <ReadOnlyAccount user={page.user} />
        )}
      </Card>

      {page.can.changePassword ? (
        <Card aria-labelledby="security" as="section" padding="lg">
          <h2 id="security" className="text-lg font-semibold text-slate-900">
            Password and devices
          </h2>
          {page.user.hasPassword ? (
            <PasswordForm
              constraint={page.constraints.password}
              lastResult={passwordReply?.result}
              showPassword={passwordReply?.showPassword}
            />
          ) : (
            <p className="mt-2 text-slate-600">This account signs in with Google, so it has no password here.</p>
          )}
          <SignOutOthers count={page.otherSessions} />
        </Card>
      ) : null}

      {page.notifications ? (
        <NotificationSettings
          kinds={page.notifications}
          lastResult={notificationsReply?.result}
          formError={notificationsReply?.formError}
          push={page.push}
          showText={page.showPushText}
        />
      ) : null}

      {page.role === "self" ? (
        <Card aria-labelledby="delete-account" as="section" padding="lg" className="border-red-200">
          <h2 id="delete-account" className="text-lg font-semibold text-slate-900">
            Delete my account
          </h2>
          <p className="mt-1 text-slate-700">
            This deletes your account with your {page.listings.length} {page.listings.length === 1 ? "listing" : "listings"} and their
            photos, your favorites, memberships, messages and requests, and signs you out everywhere. Clubs you own pass to their
            longest-standing admin. It cannot be undone.
          </p>
          <div className="mt-4">
            <Suspense>
              <ConfirmDialog
                trigger="Delete my account"
                triggerVariant="danger"
                title="Delete your account?"
                description="Everything listed above goes for good. You will be signed out."
                confirmLabel="Yes, delete my account"
                pendingLabel="Deleting..."
                fields={{ intent: "deleteAccount" }}
              />
            </Suspense>
          </div>
        </Card>
      ) : null}

      <ProfileListings listings={page.listings} adminView={adminView} />

      <DealHistorySection deals={page.deals} adminView={adminView} rating={page.rating} />

      <ProfileClubs clubs={page.clubs} adminView={adminView} />

      {page.family ? <FamilySection family={page.family} /> : null}

      {page.role === "self" ? <BlockedPeople people={page.blocked} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Profile not found</h1>
      <p className="mt-2 text-slate-600">There is no account with that id.</p>
      <ButtonLink to="/admin" variant="secondary" className="mt-6">
        Back to Admin Dashboard
      </ButtonLink>
    </div>
  );
}
