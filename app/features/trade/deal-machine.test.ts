// The deal machine, proved as a table (ADR 068): every state × every step × each party ×
// whose turn it is, against expectations written out here — not derived from DEAL_RULES — then
// the boundaries (48 h, 5 revisions, meetup and hand-over rules, the clock), and finally that the
// SQL the steps run (`ruleAsSql`) answers as `decide` does, on the real database.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { and, eq } from "drizzle-orm";
import { DEAL_PARTIES, DEAL_STATES, deals, type DealParty, type DealState } from "#db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { createTestUser } from "../../../tests/factories";
import { availableSteps, clockEffect, decide, DEAL_RULES, type DealFacts, type DealStep, type Refusal } from "./deal-machine";
import { ruleAsSql } from "./deal-transitions.server";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = new Date("2026-06-01T12:00:00Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms);

const STEPS = Object.keys(DEAL_RULES) as DealStep[];
const TURNS = ["proposer", "owner", null] as const;

/**
 * The facts of a deal in `state` as the app would leave it: revision 2, last revised an hour ago;
 * a meeting place proposed by the owner; in handed_over the owner has handed over, in completed both.
 */
function factsIn(state: DealState, turn: DealParty | null): DealFacts {
  return {
    state,
    turn,
    revision: 2,
    lastRevisionAt: ago(HOUR),
    meetupProposedBy: "owner",
    meetupPlace: "Cambridge Public Library",
    handedOverByProposerAt: state === "completed" ? ago(HOUR) : null,
    handedOverByOwnerAt: state === "handed_over" || state === "completed" ? ago(2 * HOUR) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The expectation table. A cell says what `decide` answers, for both parties alike or as
// [proposer, owner]:
//   "→state"       allowed, leading to that state ("→" alone: allowed, the state stays)
//   "turn→state"   allowed for the party whose turn it is; anyone else: notYourTurn
//   a Refusal      refused with it
// A state missing from a step's row: wrongState for everyone.
// ---------------------------------------------------------------------------------------------
type Outcome = `→${string}` | `turn→${string}` | Refusal;
type Cell = Outcome | readonly [proposer: Outcome, owner: Outcome];

const EXPECTED: Record<DealStep, Partial<Record<DealState, Cell>>> = {
  counter: { proposed: "turn→proposed" },
  accept: { proposed: "turn→accepted" },
  decline: { proposed: "turn→declined" },
  withdraw: { proposed: ["→withdrawn", "notYours"] },
  proposeMeetup: { accepted: "→accepted", meetup_agreed: "→accepted" },
  // The owner proposed the place: only the proposer may confirm it.
  confirmMeetup: { accepted: ["→meetup_agreed", "noMeetupToConfirm"] },
  // Nobody handed over yet in meetup_agreed; in handed_over the owner already has.
  handOver: { meetup_agreed: "→handed_over", handed_over: ["→completed", "alreadyHandedOver"] },
  cancel: { accepted: "→cancelled", meetup_agreed: "→cancelled", handed_over: "→cancelled" },
  review: { completed: "→" },
  reply: { completed: "→" },
};

function expected(step: DealStep, state: DealState, party: DealParty, turn: DealParty | null): string {
  const cell = EXPECTED[step][state];
  if (cell === undefined) return "wrongState";
  const outcome = typeof cell === "string" ? cell : cell[party === "proposer" ? 0 : 1];
  if (outcome.startsWith("turn→")) return turn === party ? outcome.slice("turn".length) : "notYourTurn";
  return outcome;
}

const actual = (facts: DealFacts, party: DealParty, step: DealStep, now = NOW, seen?: number): string => {
  const d = decide(facts, party, step, now, seen);
  return d.ok ? `→${d.to ?? ""}` : d.refusal;
};

describe("decide: every state × step × party × turn against the table", () => {
  test.each([...DEAL_STATES])("%s", (state) => {
    const want: Record<string, string> = {};
    const got: Record<string, string> = {};
    for (const step of STEPS)
      for (const party of DEAL_PARTIES)
        for (const turn of TURNS) {
          const key = `${step} by ${party}, turn ${turn}`;
          want[key] = expected(step, state, party, turn);
          got[key] = actual(factsIn(state, turn), party, step);
        }
    expect(got).toEqual(want);
  });

  test("the table names every step and only real states", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...STEPS].sort());
    for (const row of Object.values(EXPECTED)) for (const state of Object.keys(row)) expect(DEAL_STATES).toContain(state);
  });

  test("availableSteps is the table's allowed cells: the forms a deal page shows", () => {
    expect(availableSteps(factsIn("proposed", "owner"), "owner", NOW)).toEqual(["counter", "accept", "decline"]);
    expect(availableSteps(factsIn("proposed", "owner"), "proposer", NOW)).toEqual(["withdraw"]);
    expect(availableSteps(factsIn("accepted", null), "proposer", NOW)).toEqual(["proposeMeetup", "confirmMeetup", "cancel"]);
    expect(availableSteps(factsIn("accepted", null), "owner", NOW)).toEqual(["proposeMeetup", "cancel"]);
    expect(availableSteps(factsIn("handed_over", null), "owner", NOW)).toEqual(["cancel"]);
    expect(availableSteps(factsIn("completed", null), "owner", NOW)).toEqual(["review", "reply"]);
    for (const state of ["declined", "withdrawn", "expired", "voided", "cancelled", "lapsed"] as const)
      for (const party of DEAL_PARTIES) expect(availableSteps(factsIn(state, null), party, NOW)).toEqual([]);
  });
});

describe("decide: the refusals at their boundaries", () => {
  const offer = (facts: Partial<DealFacts> = {}): DealFacts => ({ ...factsIn("proposed", "owner"), ...facts });

  test("stale revision: counter, accept and decline cite the revision they saw", () => {
    for (const step of ["counter", "accept", "decline"] as const) {
      expect(actual(offer(), "owner", step, NOW, 1)).toBe("staleRevision");
      expect(actual(offer(), "owner", step, NOW, 3)).toBe("staleRevision");
      expect(actual(offer(), "owner", step, NOW, 2)).toBe(step === "counter" ? "→proposed" : step === "accept" ? "→accepted" : "→declined");
    }
  });

  test("an offer expires at exactly 48 h after its last revision, for every step on it", () => {
    const justBefore = offer({ lastRevisionAt: ago(48 * HOUR - 1) });
    const atExpiry = offer({ lastRevisionAt: ago(48 * HOUR) });
    expect(actual(justBefore, "owner", "accept")).toBe("→accepted");
    expect(actual(justBefore, "proposer", "withdraw")).toBe("→withdrawn");
    for (const step of ["counter", "accept", "decline"] as const) expect(actual(atExpiry, "owner", step, NOW, 2)).toBe("expired");
    expect(actual(atExpiry, "proposer", "withdraw")).toBe("expired");
    // Who may not act at all is told so first; an expired offer is expired for the wrong turn too.
    expect(actual(atExpiry, "owner", "withdraw")).toBe("notYours");
    expect(actual(atExpiry, "proposer", "accept")).toBe("expired");
    // The 48 h are an offer's: an accepted deal an age old is not expired.
    expect(actual({ ...factsIn("accepted", null), lastRevisionAt: ago(30 * DAY) }, "owner", "cancel")).toBe("→cancelled");
  });

  test("at most 5 revisions: the fifth may be answered, not countered", () => {
    expect(actual(offer({ revision: 4 }), "owner", "counter", NOW, 4)).toBe("→proposed");
    expect(actual(offer({ revision: 5 }), "owner", "counter", NOW, 5)).toBe("revisionLimit");
    expect(actual(offer({ revision: 5 }), "owner", "accept", NOW, 5)).toBe("→accepted");
    expect(actual(offer({ revision: 5 }), "owner", "decline", NOW, 5)).toBe("→declined");
  });

  test("a meeting place is confirmed by the other side only, and only when one was proposed", () => {
    const accepted = (f: Partial<DealFacts>) => ({ ...factsIn("accepted", null), ...f });
    expect(actual(accepted({ meetupProposedBy: "proposer" }), "proposer", "confirmMeetup")).toBe("noMeetupToConfirm");
    expect(actual(accepted({ meetupProposedBy: "proposer" }), "owner", "confirmMeetup")).toBe("→meetup_agreed");
    for (const party of DEAL_PARTIES)
      expect(actual(accepted({ meetupProposedBy: null, meetupPlace: null }), party, "confirmMeetup")).toBe("noMeetupToConfirm");
    // Proposing another place after one was agreed opens it again.
    expect(actual(factsIn("meetup_agreed", null), "proposer", "proposeMeetup")).toBe("→accepted");
    expect(actual(factsIn("meetup_agreed", null), "proposer", "confirmMeetup")).toBe("wrongState");
  });

  test("hand-over: once per side; the second side completes the deal", () => {
    const agreed = factsIn("meetup_agreed", null);
    expect(actual(agreed, "proposer", "handOver")).toBe("→handed_over");
    expect(actual(agreed, "owner", "handOver")).toBe("→handed_over");
    const byProposer = { ...factsIn("handed_over", null), handedOverByOwnerAt: null, handedOverByProposerAt: ago(HOUR) };
    expect(actual(byProposer, "proposer", "handOver")).toBe("alreadyHandedOver");
    expect(actual(byProposer, "owner", "handOver")).toBe("→completed");
    expect(actual(factsIn("completed", null), "owner", "handOver")).toBe("wrongState");
  });
});

describe("clockEffect at its boundaries", () => {
  type ClockFacts = Parameters<typeof clockEffect>[0];
  const clock = (state: DealState, f: Partial<ClockFacts> = {}): ClockFacts => ({
    ...factsIn(state, state === "proposed" ? "owner" : null),
    reminderSentAt: null,
    acceptedAt: null,
    meetupAt: null,
    ...f,
  });

  test("an offer: a reminder at 24 h, once per revision; expired at 48 h", () => {
    expect(clockEffect(clock("proposed", { lastRevisionAt: ago(24 * HOUR - 1) }), NOW)).toBeNull();
    expect(clockEffect(clock("proposed", { lastRevisionAt: ago(24 * HOUR) }), NOW)).toBe("remind");
    expect(clockEffect(clock("proposed", { lastRevisionAt: ago(48 * HOUR - 1) }), NOW)).toBe("remind");
    // Reminded since the last revision: not again.
    expect(clockEffect(clock("proposed", { lastRevisionAt: ago(30 * HOUR), reminderSentAt: ago(6 * HOUR) }), NOW)).toBeNull();
    expect(clockEffect(clock("proposed", { lastRevisionAt: ago(48 * HOUR - 1), reminderSentAt: ago(HOUR) }), NOW)).toBeNull();
    // Reminded about an earlier revision: the counter-offer gets its own reminder.
    expect(clockEffect(clock("proposed", { lastRevisionAt: ago(30 * HOUR), reminderSentAt: ago(40 * HOUR) }), NOW)).toBe("remind");
    expect(clockEffect(clock("proposed", { lastRevisionAt: ago(48 * HOUR) }), NOW)).toBe("expire");
    expect(clockEffect(clock("proposed", { lastRevisionAt: ago(48 * HOUR), reminderSentAt: ago(HOUR) }), NOW)).toBe("expire");
  });

  test("one side handed over: completed 72 h after the first hand-over", () => {
    const one = (ms: number) => clock("handed_over", { handedOverByOwnerAt: ago(ms), handedOverByProposerAt: null });
    expect(clockEffect(one(72 * HOUR - 1), NOW)).toBeNull();
    expect(clockEffect(one(72 * HOUR), NOW)).toBe("autoComplete");
    const byProposer = clock("handed_over", { handedOverByOwnerAt: null, handedOverByProposerAt: ago(72 * HOUR) });
    expect(clockEffect(byProposer, NOW)).toBe("autoComplete");
  });

  test("no hand-over 7 days after the meeting day (or the acceptance, with no meeting day): lapsed", () => {
    for (const state of ["accepted", "meetup_agreed"] as const) {
      expect(clockEffect(clock(state, { acceptedAt: ago(30 * DAY), meetupAt: ago(7 * DAY - 1) }), NOW)).toBeNull();
      expect(clockEffect(clock(state, { acceptedAt: ago(30 * DAY), meetupAt: ago(7 * DAY) }), NOW)).toBe("lapse");
      expect(clockEffect(clock(state, { acceptedAt: ago(7 * DAY - 1) }), NOW)).toBeNull();
      expect(clockEffect(clock(state, { acceptedAt: ago(7 * DAY) }), NOW)).toBe("lapse");
      // A meeting day in the future keeps an old acceptance alive.
      expect(clockEffect(clock(state, { acceptedAt: ago(30 * DAY), meetupAt: new Date(NOW.getTime() + DAY) }), NOW)).toBeNull();
    }
  });

  test("the ends and completed deals: the clock leaves them alone", () => {
    for (const state of ["completed", "declined", "withdrawn", "expired", "voided", "cancelled", "lapsed"] as const)
      expect(clockEffect(clock(state, { lastRevisionAt: ago(365 * DAY), acceptedAt: ago(365 * DAY) }), NOW)).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// ruleAsSql (the WHERE of every step's UPDATE) answers as decide does, on the real database.
// ---------------------------------------------------------------------------------------------

describe("ruleAsSql agrees with decide on the database", () => {
  /** The facts worth varying: each state as the app leaves it, and each boundary of the rules. */
  const variants: [string, (state: DealState, turn: DealParty | null) => DealFacts][] = [
    ["as left by the app", factsIn],
    ["48 h after the last revision", (s, turn) => ({ ...factsIn(s, turn), lastRevisionAt: ago(48 * HOUR) })],
    ["48 h less 1 ms", (s, turn) => ({ ...factsIn(s, turn), lastRevisionAt: ago(48 * HOUR - 1) })],
    ["at revision 5", (s, turn) => ({ ...factsIn(s, turn), revision: 5 })],
    ["at revision 1", (s, turn) => ({ ...factsIn(s, turn), revision: 1 })],
    ["meetup proposed by the proposer", (s, turn) => ({ ...factsIn(s, turn), meetupProposedBy: "proposer" })],
    ["no meetup proposed", (s, turn) => ({ ...factsIn(s, turn), meetupProposedBy: null, meetupPlace: null })],
    [
      "handed over by the proposer only",
      (s, turn) => ({ ...factsIn(s, turn), handedOverByProposerAt: ago(HOUR), handedOverByOwnerAt: null }),
    ],
    ["handed over by both", (s, turn) => ({ ...factsIn(s, turn), handedOverByProposerAt: ago(HOUR), handedOverByOwnerAt: ago(HOUR) })],
  ];
  /** One deal row per variant × state × turn, all between the same two real users. */
  const rows = variants.flatMap(([name, make]) =>
    DEAL_STATES.flatMap((state) =>
      TURNS.map((turn) => ({ id: crypto.randomUUID(), label: `${name}: ${state} turn=${turn}`, facts: make(state, turn) })),
    ),
  );

  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
    const owner = await createTestUser(t.db);
    const proposer = await createTestUser(t.db);
    // listing_id stays null: the machine never reads it, and "one open deal per proposer per
    // listing" (a partial unique index) would otherwise allow only one open row.
    await t.db.insert(deals).values(
      rows.map((r) => ({
        id: r.id,
        proposerId: proposer.id,
        ownerId: owner.id,
        listingId: null,
        kind: "sale" as const,
        transitionId: crypto.randomUUID(),
        ...r.facts,
      })),
    );
  });
  afterAll(() => t?.cleanup());

  test("the test rows hold the facts decide is given", async () => {
    const stored = await t.db.select().from(deals);
    expect(stored).toHaveLength(rows.length);
    for (const r of rows) expect(stored.find((d) => d.id === r.id)).toMatchObject(r.facts);
  });

  // For each step × party × seen revision, one SELECT of the rows its WHERE matches, compared with
  // the rows decide allows: variants × states × turns × steps × parties × seen revisions in all.
  test.each(STEPS)("%s: every state × turn × party × seen revision, at each boundary", async (step) => {
    const disagreements: string[] = [];
    for (const party of DEAL_PARTIES)
      for (const seen of [undefined, 1, 2, 4, 5]) {
        const matched = await t.db
          .select({ id: deals.id })
          .from(deals)
          .where(and(...ruleAsSql(step, party, NOW, seen)));
        const database = new Set(matched.map((m) => m.id));
        for (const r of rows) {
          const machine = decide(r.facts, party, step, NOW, seen).ok;
          if (machine !== database.has(r.id))
            disagreements.push(`${r.label}, ${step} by ${party} seen=${seen}: decide ${machine}, SQL ${database.has(r.id)}`);
        }
      }
    expect(disagreements).toEqual([]);
  });

  // A disagreement, reported to the coordinator (deal-machine.ts and deals.server.ts are not this
  // test's to change): an empty meeting place. `decide` tests `!deal.meetupPlace` ('' is nothing to
  // confirm), ruleAsSql tests `meetup_place is not null` ('' is a place), and the schema allows ''.
  // Harmless today — runStep asks decide first and only then runs the UPDATE — but a proposeMeetup
  // with place '' racing a confirm would let the confirm's UPDATE through. Fix either side (or a
  // CHECK length(meetup_place) > 0), then expect `sql: false` here.
  test("an empty meeting place cannot be confirmed: decide and ruleAsSql both refuse", async () => {
    const id = crypto.randomUUID();
    const [some] = await t.db.select().from(deals).limit(1);
    const facts: DealFacts = { ...factsIn("accepted", null), meetupPlace: "", meetupProposedBy: "owner" };
    await t.db.insert(deals).values({ id, proposerId: some!.proposerId, ownerId: some!.ownerId, kind: "sale", transitionId: id, ...facts });
    const matched = await t.db
      .select({ id: deals.id })
      .from(deals)
      .where(and(eq(deals.id, id), ...ruleAsSql("confirmMeetup", "proposer", NOW)));
    expect({ decide: decide(facts, "proposer", "confirmMeetup", NOW).ok, sql: matched.length === 1 }).toEqual({
      decide: false,
      sql: false,
    });
  });
});
