// What a person's own page says about teens and guardians (ADR 092), from data already read: a
// teen sees whether a guardian confirmed; a guardian sees their teens (with the birth month, which
// only the person and their guardian ever see — the profile table's `seeBirthDate`).

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "May 2011": how a birth month is shown (to the person and their guardian only). */
export const birthLabel = (year: number, month: number) => `${MONTHS[month - 1] ?? ""} ${year}`.trim();

export type TeensSectionView =
  | { kind: "teen"; linked: boolean; guardians: { linkId: string; name: string }[]; pendingEmails: string[] }
  | { kind: "guardian"; teens: { linkId: string; name: string; born: string; stillMinor: boolean }[] };
