// The 'Family' section's view (ADR 091): the viewer's players and their waiting outgrown prompts,
// as words and links, so /player-profile's JavaScript stays as it was (ADR 033).
import type { Db } from "#db/client";
import { ageGroup, SIZE_SCALES } from "~/shared/catalog/sizes";
import { sportName } from "~/shared/catalog/sport-names";
import type { Viewer } from "../permissions/viewer";
import { openPromptsOf } from "./outgrown.server";
import { familyOf } from "./players.server";

export type FamilySectionView = {
  players: { id: string; firstName: string; href: string; line: string; sizes: string }[];
  prompts: { text: string; href: string }[];
};

export async function familySectionFor(db: Db, viewer: Pick<Viewer, "id">, today = new Date()): Promise<FamilySectionView> {
  const [players, prompts] = await Promise.all([familyOf(db, viewer), openPromptsOf(db, viewer)]);
  return {
    players: players.map((p) => ({
      id: p.id,
      firstName: p.firstName,
      href: `/family/players/${p.id}`,
      line: [ageGroup(p.birthYear, today), p.sports.map(sportName).join(", ")].filter(Boolean).join(" · "),
      sizes: p.sizes.map((s) => `${SIZE_SCALES[s.kind].label} ${s.value}`).join(" · "),
    })),
    prompts: prompts.map((prompt) => ({
      text: `Outgrown anything? ${prompt.firstName}'s ${sportName(prompt.sport).toLowerCase()} season ${prompt.stage === "soon" ? `ends ${prompt.seasonEnd}` : "has ended"}`,
      href: `/family/outgrown/${prompt.playerId}`,
    })),
  };
}
