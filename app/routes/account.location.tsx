import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LocationForm } from "~/components/search/location-dialog";
import { updateProfileZip } from "~/features/accounts/profile-location.server";
import { getUser } from "~/web/session.server";
import { visitorOrigin, visitorZipCookie } from "~/features/accounts/visitor-location.server";
import { safeRedirect } from "~/platform/security.server";
import { redirectWithToast } from "~/web/toast.server";
import { LOCATION_TOASTS, LocationSchema } from "~/shared/schemas/location";
import { pageMeta } from "~/web/meta";

export const meta: MetaFunction = () =>
  pageMeta("Update Your Location — LockerSwap", "Set your ZIP code to see sports equipment for sale near you.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  if (user) return { zipCode: user.zipCode };
  // A visitor's ZIP is only the one they chose here (ADR 035).
  const origin = visitorOrigin(request, context);
  return { zipCode: origin?.source === "chosen" ? origin.zip : null };
}

/**
 * 'Update Your Location' (01 §2, §5, §8); the header dialog posts here too. A signed-in user's ZIP
 * goes to their profile; a signed-out visitor's ('Set your location', ADR 035) only into a cookie.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await getUser(request, context);
  const submission = parseWithZod(await request.formData(), { schema: LocationSchema });
  // Back where the form was, even when the ZIP is refused (its own field read on its own).
  const back = safeRedirect(
    submission.status === "success"
      ? submission.value.redirectTo
      : LocationSchema.shape.redirectTo.safeParse(submission.payload.redirectTo).data,
  );
  if (submission.status !== "success") return redirectWithToast(context, back, LOCATION_TOASTS.invalid);
  if (!user) {
    return redirectWithToast(context, back, LOCATION_TOASTS.updated, {
      headers: { "Set-Cookie": visitorZipCookie(context.env, submission.value.zipCode) },
    });
  }
  const result = await updateProfileZip(context.db, user, submission.value.zipCode);
  if (!result.ok) return redirectWithToast(context, back, result.reason === "invalid" ? LOCATION_TOASTS.invalid : LOCATION_TOASTS.failed);
  return redirectWithToast(context, back, LOCATION_TOASTS.updated);
}

export default function AccountLocation() {
  const { zipCode } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-sm rounded-xl border border-slate-200 bg-white p-6">
      <h1 className="text-xl font-bold">Update Your Location</h1>
      <LocationForm zipCode={zipCode} redirectTo="/" />
    </div>
  );
}
