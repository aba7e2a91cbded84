import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import { decidePhotoMatch } from "~/features/moderation/photo-match-queue.server";
import { finishPhotoDeletes } from "~/features/photos/ledger.server";
import { MODERATION_TEXT } from "~/shared/copy/safety";
import { PhotoMatchDecisionSchema } from "~/shared/schemas/photo-matches";
import { requireAdmin } from "~/web/guards.server";
import { announceDealChanges } from "~/web/listing-deal-events.server";
import { redirectWithToast } from "~/web/toast.server";

// A moderator's decision on a stolen-photo match (ADR 094), posted by the queue's forms on
// /admin/reports; one guarded batch in the feature. Site admins only, like the queue.

const QUEUE = "/admin/reports";

export const loader = () => redirect(QUEUE);

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = parseWithZod(await request.formData(), { schema: PhotoMatchDecisionSchema });
  if (submission.status !== "success")
    return redirectWithToast(context, QUEUE, { title: "Error", description: "That decision could not be read.", variant: "destructive" });
  const result = await decidePhotoMatch(context.db, admin, submission.value.matchId, submission.value.intent);
  if (!result.ok)
    return redirectWithToast(context, QUEUE, {
      title: result.reason === "already_handled" ? MODERATION_TEXT.alreadyHandled : "Error",
      description: result.reason === "forbidden" ? MODERATION_TEXT.forbidden : undefined,
      variant: "destructive",
    });
  announceDealChanges(context, result.changedDeals, "listing_deleted");
  await finishPhotoDeletes(context.db, context.photos, result.removedKeys);
  return redirectWithToast(context, QUEUE, { title: result.done, variant: "success" });
}
