import { describe, expect, test } from "vitest";
import {
  EMPTY_SEARCH,
  countPanelFilters,
  filterChips,
  hasHomeCriteria,
  parseSearchParams,
  priceRangeLinks,
  searchHref,
  serializeSearchParams,
  type SearchState,
} from "./search-params";

describe("search URL state", () => {
  test("an empty query is the default state", () => {
    expect(parseSearchParams("")).toEqual(EMPTY_SEARCH);
    expect(serializeSearchParams(EMPTY_SEARCH).toString()).toBe("");
  });

  test("every parameter survives a round trip", () => {
    const state: SearchState = {
      q: "wilson racquet",
      location: "Boston, MA",
      zip: "02139",
      club: "cambridge-youth",
      sports: ["soccer", "tennis"],
      radius: 50,
      anywhere: true,
      category: "pickleball",
      types: ["Paddles", "Balls"],
      brands: ["Selkirk", "JOOLA"],
      conditions: ["new", "like-new"],
      sizes: ["10.5", "M"],
      sizeGroups: ["Youth"],
      genders: ["Women", "Unisex"],
      priceMin: 25,
      priceMax: 100,
      sort: "price_desc",
      page: 3,
    };
    const query = serializeSearchParams(state).toString();
    expect(parseSearchParams(query)).toEqual(state);
    expect(query).toContain("types=Paddles%2CBalls");
  });

  test("defaults stay out of the URL: radius 25, newest, page 1, the slider's open ends", () => {
    const query = serializeSearchParams({ radius: 25, sort: "newest", page: 1, priceMin: 0, priceMax: 500 }).toString();
    expect(query).toBe("");
    expect(searchHref("/sport/soccer", { radius: 100 })).toBe("/sport/soccer?radius=100");
    expect(searchHref("/sport/soccer", {})).toBe("/sport/soccer");
  });

  test("repeated keys from a plain GET form of checkboxes are read like a comma list", () => {
    const state = parseSearchParams("conditions=new&conditions=well-worn&types=Cleats&types=Balls,Goals");
    expect(state.conditions).toEqual(["new", "well-worn"]);
    expect(state.types).toEqual(["Cleats", "Balls", "Goals"]);
  });

  test("a 5-digit location is a ZIP, anything else stays location text", () => {
    expect(parseSearchParams("location=02139")).toMatchObject({ zip: "02139", location: "" });
    expect(parseSearchParams("location=Springfield,%20IL")).toMatchObject({ zip: "", location: "Springfield, IL" });
    expect(parseSearchParams("zip=1234")).toMatchObject({ zip: "" });
  });

  test("values outside the catalogues are dropped", () => {
    const state = parseSearchParams(
      "sports=soccer,curling&conditions=new,mint&genders=Men,Other&sizeGroups=Adult,Giant&radius=30&sort=random&category=badminton&page=-4",
    );
    expect(state.sports).toEqual(["soccer"]);
    expect(state.conditions).toEqual(["new"]);
    expect(state.genders).toEqual(["Men"]);
    expect(state.sizeGroups).toEqual(["Adult"]);
    expect(state.radius).toBe(25);
    expect(state.sort).toBe("newest");
    expect(state.category).toBeNull();
    expect(state.page).toBe(1);
  });

  test("prices are whole dollars within 0–500; a reversed range is put right", () => {
    expect(parseSearchParams("priceMin=100&priceMax=25")).toMatchObject({ priceMin: 25, priceMax: 100 });
    expect(parseSearchParams("priceMin=abc&priceMax=9999")).toMatchObject({ priceMin: null, priceMax: null });
    expect(parseSearchParams("priceMin=100&priceMax=500")).toMatchObject({ priceMin: 100, priceMax: null });
  });

  test("home criteria are a keyword, a location, a ZIP, a club or sports", () => {
    expect(hasHomeCriteria(EMPTY_SEARCH)).toBe(false);
    expect(hasHomeCriteria(parseSearchParams("q=&location="))).toBe(false);
    expect(hasHomeCriteria(parseSearchParams("sports=golf"))).toBe(true);
    expect(hasHomeCriteria(parseSearchParams("club=abc"))).toBe(true);
  });

  test("filter chips link to the page without that one filter", () => {
    const state = parseSearchParams("q=ball&types=Cleats,Balls&priceMin=25&priceMax=50&page=2");
    const chips = filterChips("/sport/soccer", state);
    expect(chips.map((c) => c.label)).toEqual(["Search: ball", "Cleats", "Balls", "$25 - $50"]);
    expect(chips.find((c) => c.label === "Cleats")!.href).toBe("/sport/soccer?q=ball&types=Balls&priceMin=25&priceMax=50");
    expect(countPanelFilters(state)).toBe(3);
  });

  test("the quick price ranges are links keeping every other filter, back on page 1, the current one marked", () => {
    const state = parseSearchParams("q=ball&types=Cleats&priceMin=25&priceMax=50&page=3");
    expect(priceRangeLinks("/sport/soccer", state)).toEqual([
      { label: "Under $25", href: "/sport/soccer?q=ball&types=Cleats&priceMax=25", active: false },
      { label: "$25-$50", href: "/sport/soccer?q=ball&types=Cleats&priceMin=25&priceMax=50", active: true },
      { label: "$50-$100", href: "/sport/soccer?q=ball&types=Cleats&priceMin=50&priceMax=100", active: false },
      { label: "$100+", href: "/sport/soccer?q=ball&types=Cleats&priceMin=100", active: false },
    ]);
    expect(priceRangeLinks("/sport/soccer", parseSearchParams("priceMin=100")).map((link) => link.active)).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });
});
