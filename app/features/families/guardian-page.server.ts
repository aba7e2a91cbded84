// The read behind /guardian and the 'Teens' section of /player-profile (ADR 092).
import type { Db } from "#db/client";
import type { Viewer } from "../permissions/viewer";
import { guardiansOf, openInvitesOf, teensOf } from "./guardians.server";
import { birthLabel, type TeensSectionView } from "./minors";

/** A teen's guardian status, or a guardian's teens; null for an adult with none. */
export async function teensSectionView(db: Db, viewer: Viewer, now = new Date()): Promise<TeensSectionView | null> {
  if (viewer.minor) {
    const [guardians, invites] = await Promise.all([guardiansOf(db, viewer.id), openInvitesOf(db, viewer.id, now)]);
    return {
      kind: "teen",
      linked: viewer.minor.guardianLinked,
      guardians: guardians.map((g) => ({ linkId: g.linkId, name: g.name || g.email })),
      pendingEmails: invites.map((i) => i.email),
    };
  }
  const teens = await teensOf(db, viewer.id, now);
  if (teens.length === 0) return null;
  return {
    kind: "guardian",
    teens: teens.map((t) => ({
      linkId: t.linkId,
      name: t.name || "Your teen",
      born: birthLabel(t.birthYear, t.birthMonth),
      stillMinor: t.stillMinor,
    })),
  };
}
