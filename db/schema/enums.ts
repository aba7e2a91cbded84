// Allowed values for the enumerated columns — the single source of these tuples. The database
// does not depend on app/shared/catalog; the catalogue imports these and adds labels, emoji and lists.
// The CHECK constraints in the tables are generated from these arrays, so changing one needs a
// new migration. Dependency-free, so client bundles may import it.
// Spec 01 §3 and spec 02 §3 "Catalogues".

export const SPORT_KEYS = [
  "baseball",
  "basketball",
  "cycling",
  "field-hockey",
  "figure-skating",
  "fitness",
  "football",
  "golf",
  "hike-camp",
  "hockey",
  "inline-roller",
  "lacrosse",
  "skiing",
  "snowboarding",
  "soccer",
  "softball",
  "tennis",
] as const;
export type SportKey = (typeof SPORT_KEYS)[number];

export const TENNIS_SUBCATEGORIES = ["tennis", "paddle", "pickleball", "racquetball", "squash", "other"] as const;
export type TennisSubcategory = (typeof TENNIS_SUBCATEGORIES)[number];

export const LISTING_CONDITIONS = ["new", "like-new", "gently-used", "well-worn"] as const;
export type ListingCondition = (typeof LISTING_CONDITIONS)[number];

export const LISTING_STATUSES = ["active", "pending_pickup", "sold"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/**
 * Who a listing is for (ADR 026): 'public' — everyone; 'clubs' — active members of its clubs only.
 * Stored, not derived from having no club rows, so removing a club never publishes a listing.
 */
export const LISTING_AUDIENCES = ["public", "clubs"] as const;
export type ListingAudience = (typeof LISTING_AUDIENCES)[number];

export const LISTING_SIZES = ["Youth", "Adult"] as const;
export type ListingSize = (typeof LISTING_SIZES)[number];

export const LISTING_GENDERS = ["Men", "Women", "Unisex"] as const;
export type ListingGender = (typeof LISTING_GENDERS)[number];

export const CLUB_TYPES = ["club", "organization", "league", "school"] as const;
export type ClubType = (typeof CLUB_TYPES)[number];

export const CLUB_VISIBILITIES = ["public", "members_only", "private"] as const;
export type ClubVisibility = (typeof CLUB_VISIBILITIES)[number];

export const CLUB_JOIN_MODES = ["open", "approval", "code"] as const;
export type ClubJoinMode = (typeof CLUB_JOIN_MODES)[number];

// equipment_manager: runs the club's gear library and drives (ADR 093), otherwise a member.
export const CLUB_MEMBER_ROLES = ["owner", "admin", "equipment_manager", "member"] as const;
export type ClubMemberRole = (typeof CLUB_MEMBER_ROLES)[number];

export const CLUB_MEMBER_STATUSES = ["active", "pending"] as const;
export type ClubMemberStatus = (typeof CLUB_MEMBER_STATUSES)[number];

export const CLUB_MESSAGE_TYPES = ["chat", "announcement"] as const;
export type ClubMessageType = (typeof CLUB_MESSAGE_TYPES)[number];

export const CLUB_REQUEST_STATUSES = ["open", "fulfilled"] as const;
export type ClubRequestStatus = (typeof CLUB_REQUEST_STATUSES)[number];

export const SITE_ROLES = ["admin"] as const;
export type SiteRole = (typeof SITE_ROLES)[number];

/** A deal's life (ADR 068): the open states first, then the ends. */
export const DEAL_STATES = [
  "proposed",
  "accepted",
  "meetup_agreed",
  "handed_over",
  "completed",
  "declined",
  "withdrawn",
  "expired",
  "voided",
  "cancelled",
  "lapsed",
] as const;
export type DealState = (typeof DEAL_STATES)[number];
/** A deal is between exactly two people: who proposed it and who owns the listing asked for. */
export const DEAL_PARTIES = ["proposer", "owner"] as const;
export type DealParty = (typeof DEAL_PARTIES)[number];
export const DEAL_KINDS = ["sale", "swap"] as const;
export type DealKind = (typeof DEAL_KINDS)[number];

// Safety (ADR 069, db/schema/safety.ts).
/** What can be reported. A club chat message and a club announcement are both `club_message`. */
export const REPORT_TARGET_TYPES = [
  "listing",
  "listing_message",
  "club_message",
  "direct_message",
  "item_request",
  "deal",
  "club",
  "user",
] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** The reasons a person picks (OfferUp's 'MeetUp no-show' is `no_show`). Also a suspension's category. */
export const REPORT_REASONS = ["scam", "prohibited", "harassment", "inappropriate", "no_show", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_STATUSES = ["open", "closed"] as const;
/** How a closed report ended: what the moderator (a site admin or the club's owner/admins) did. */
export const REPORT_OUTCOMES = ["dismissed", "removed", "warned", "suspended", "deleted", "member_removed", "target_gone"] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

// Notification settings (ADR 073): what a person is told about, and how.
export const NOTIFICATION_KINDS = ["messages", "deals", "clubs", "matches", "announcements", "price_drops", "outgrown"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_MODES = ["in_app", "email_now", "email_digest"] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];

// Club Swap Days (ADR 088, db/schema/swap-days.ts).
/** 'table': one swap table, rings of any length; 'meetup': members meet, rings of at most 3 (ADR 080). */
export const SWAP_DAY_MODES = ["table", "meetup"] as const;
export type SwapDayMode = (typeof SWAP_DAY_MODES)[number];
/** An offered item's life in the event: offered → traded | untraded, or withdrawn (by its owner) / removed (sold or dealt elsewhere). */
export const SWAP_ITEM_STATUSES = ["offered", "withdrawn", "removed", "traded", "untraded"] as const;
export type SwapItemStatus = (typeof SWAP_ITEM_STATUSES)[number];
/** A ring's life: proposed by the solve, confirmed (meet-up) or handed over, or cancelled (a no-show). */
export const SWAP_RING_STATUSES = ["proposed", "completed", "cancelled"] as const;
export type SwapRingStatus = (typeof SWAP_RING_STATUSES)[number];

// Families (ADR 091): a player's size kinds are in player-size-kinds.ts (kept off every page).
/** The outgrown prompt's two moments (ADR 091): two weeks before a season ends, and when it ends. */
export const OUTGROWN_STAGES = ["soon", "ended"] as const;
export type OutgrownStage = (typeof OUTGROWN_STAGES)[number];
/** A gear-library borrow request (ADR 093): waiting in its item and size's queue, lent (a loan made), or withdrawn. */
export const GEAR_REQUEST_STATUSES = ["waiting", "lent", "withdrawn"] as const;
export type GearRequestStatus = (typeof GEAR_REQUEST_STATUSES)[number];
/** For the season, or for dates (ADR 093). */
export const GEAR_REQUEST_PERIODS = ["season", "dates"] as const;
export type GearRequestPeriod = (typeof GEAR_REQUEST_PERIODS)[number];
