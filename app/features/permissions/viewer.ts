import type { ReportReason } from "#db/schema/enums";
/**
 * Who is asking. Every domain function that reads or changes something takes the viewer and puts
 * them in the query: ownership lives in the query (ADR 014). `null` is a signed-out visitor.
 * Built from the session (app/features/accounts/session.server.ts) by getUser()/requireUser() in app/web/session.server.ts.
 */
export type Viewer = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  zipCode: string | null;
  isAdmin: boolean;
  /**
   * Set while a moderator's suspension runs (ADR 069): its end (ISO, or null = until lifted) and
   * its category. Absent or null: not suspended. Optional so that test viewers need not say it.
   */
  suspension?: { until: string | null; reason: ReportReason } | null;
  /** Set while silenced by reports' weight (ADR 095): can read, cannot post, until a moderator decides. */
  silenced?: boolean;
  /**
   * Set for a person under 18 (ADR 092), computed from their birth year and month at each read:
   * whether an adult has confirmed being their guardian. Absent or null: an adult.
   */
  minor?: { guardianLinked: boolean } | null;
};
