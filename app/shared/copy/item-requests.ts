// The texts of "On the Radar" (spec 02 §2, §5 Request, §8), verbatim. Plain strings: components
// may import it. Kept beside club-messages.ts so the requests feature stays in its own files.
import type { ClubToast } from "./clubs";
import { LIMITS } from "~/shared/catalog/options";

const fail = (title: string, description?: string): ClubToast => ({ title, description, variant: "destructive" });
const done = (title: string, description?: string): ClubToast => ({ title, description, variant: "success" });

export const REQUEST_TOASTS = {
  posted: done("Request posted"),
  fulfilled: done("Request marked as fulfilled"),
  deleted: done("Request deleted"),
  createFailed: fail("Failed to create request"),
  updateFailed: fail("Failed to update request"),
  deleteFailed: fail("Failed to delete request"),
  loadFailed: fail("Failed to load requests"),
} as const satisfies Record<string, ClubToast>;

export const REQUEST_TEXT = {
  heading: "Item Requests",
  newRequest: "New Request",
  dialogTitle: "Post a Request",
  open: "Open Requests",
  fulfilled: "Fulfilled",
  empty: "No requests yet",
  anonymous: "Anonymous",
  postedBy: (name: string) => `Posted by ${name}`,
  contact: "Contact",
  markFulfilled: "Mark Fulfilled",
  delete: "Delete",
  // ADR 071: listings the matcher found for the author's own open request.
  possibleMatch: "Possible match",
  contactSeller: "Contact seller",
  titleRequired: "Title is required",
  titleTooLong: `Title must be less than ${LIMITS.requestTitleMax} characters`,
  descriptionTooLong: `Description must be less than ${LIMITS.requestDescriptionMax} characters`,
} as const;

export const REQUEST_LIMITS = { titleMax: LIMITS.requestTitleMax, descriptionMax: LIMITS.requestDescriptionMax } as const;
