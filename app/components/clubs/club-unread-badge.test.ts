import { expect, test } from "vitest";
import { CLUB_BADGES_EVENT } from "./club-unread-badge";
import { BADGES_EVENT } from "~/hooks/use-user-room";

// Spelled twice on purpose (no runtime import between the two chunks, ADR 050): they must agree.
test("the club badge listens to the event the header's live badges dispatch", () => {
  expect(CLUB_BADGES_EVENT).toBe(BADGES_EVENT);
});
