// Every club text of spec 02 §2, §5 and §8, verbatim, in one place. Domain functions return codes;
// routes turn them into toasts and inline errors with these. Plain strings: components may import it.

export type ClubToast = { title: string; description?: string; variant: "success" | "destructive" };

const fail = (title: string, description?: string): ClubToast => ({ title, description, variant: "destructive" });
const done = (title: string, description?: string): ClubToast => ({ title, description, variant: "success" });

/** Success toasts (02 §8). */
export const CLUB_SUCCESS = {
  created: done("Club created!"),
  joined: done("Joined group!"),
  requested: done("Request sent (pending approval)"),
  left: done("Left group"),
  approved: done("Request approved"),
  rejected: done("Request rejected"),
  settingsSaved: done("Settings saved"),
  copied: done("Copied!"),
  // Not in the spec (ADR 025): short, in the same voice.
  inviteCodeChanged: done("Invite code changed"),
  promoted: done("Member promoted to admin"),
  demoted: done("Admin changed to member"),
  madeEquipmentManager: done("Member made equipment manager"),
  memberRemoved: done("Member removed"),
  logoUpdated: done("Logo updated"),
} as const satisfies Record<string, ClubToast>;

/** Refusals and failures, by the code the domain returns. */
export const CLUB_ERRORS = {
  notFound: fail("Club not found"),
  signInRequired: fail("Sign in required", "Please sign in to join this club"),
  authenticationRequired: fail("Authentication required"),
  accessDenied: fail("Access denied", "You must be a club admin to access this page"),
  slugTaken: fail("Slug already exists", "Please choose a different slug"),
  inviteCodeRequired: fail("Invite code required", "Please enter the invite code"),
  invalidInviteCode: fail("Invalid invite code", "The invite code you entered is incorrect"),
  inviteCodeControlCharacters: fail("Invalid invite code", "Remove control characters from the invite code"),
  cannotLeave: fail("Cannot leave group"),
  loadingClubs: fail("Error loading clubs", "Please try again later"),
  loadingClub: fail("Error loading club", "Please try again later"),
  joining: fail("Error joining club", "Please try again later"),
  creating: fail("Error creating club", "Please try again later"),
  leaving: fail("Error leaving group"),
  approving: fail("Failed to approve request"),
  rejecting: fail("Failed to reject request"),
  savingSettings: fail("Failed to save settings"),
  loadingSettings: fail("Failed to load club settings"),
  loadingMembers: fail("Error loading members"),
  // Refusals the spec leaves unnamed: a clear message, and nothing changed (ADR 029).
  alreadyMember: fail("Already a member", "You are already a member of this group"),
  alreadyPending: fail("Request already sent", "Your request to join is waiting for approval"),
  joinsClosed: fail("Not accepting members", "This group is not accepting new members right now"),
  wrongJoinMode: fail("Error joining club", "This group does not accept that kind of join"),
  notMember: fail("Not a member", "You are not a member of this group"),
  tooManyAttempts: fail("Too many attempts", "Please wait a few minutes and try again."),
  noSuchRequest: fail("Request not found", "That membership request no longer exists"),
  noSuchMember: fail("Member not found", "That person is not an active member of this group"),
  cannotChangeOwner: fail("Not allowed", "Nobody can remove or demote the group owner"),
  forbidden: fail("Not allowed", "You don't have permission to do that in this group"),
} as const satisfies Record<string, ClubToast>;

export type ClubErrorCode = keyof typeof CLUB_ERRORS;

/** Inline texts: the club form (02 §5), the club page (02 §2), the leave confirmation. */
export const CLUB_TEXT = {
  nameRequired: "Name is required",
  nameTooLong: "Name must be less than 100 characters",
  slugRequired: "Slug is required",
  slugTooLong: "Slug must be less than 50 characters",
  slugFormat: "Slug can only contain lowercase letters, numbers, and hyphens",
  slugTaken: "This slug is already taken",
  inviteCodeRequiredForMode: "Invite code is required when join mode is set to 'Requires Code'",
  leaveConfirm: "Are you sure you want to leave this group? You'll need to rejoin to access group content.",
  directoryTitle: "Clubs, Organizations, Leagues, and Schools",
  noDescription: "No description provided yet.",
  noItems: "No items yet",
  rosterMembersOnly: "Member roster is only visible to club members",
  rosterPrivate: "Members Only",
  /** `total` is null when the owner hides the listing count (show_listing_count off): not revealed here either. */
  previewShowing: (shown: number, total: number | null) =>
    total === null ? `Showing ${shown} ${shown === 1 ? "listing" : "listings"}` : `Showing ${shown} of ${total} listings`,
  signInToViewAll: "Sign In to View All",
  teamHubSubtitle: "Your clubs, organizations, and leagues",
  teamHubEmpty: "You haven't joined any clubs yet",
  postingTo: (clubName: string) => `Posting to: ${clubName}`,
} as const;
