import { lazyPart } from "./lazy-part";

// The root's lazy parts besides the toast list (./toaster): each a chunk of its own, server-rendered
// when it shows, loaded by entry.client before hydration when its HTML is on the page (./lazy-part).

/** The signed-in chrome: ZIP chip, bell, user menu. */
export const AccountMenuPart = /* @__PURE__ */ lazyPart("account-menu", () =>
  import("./account-menu").then((module) => module.AccountMenu),
);
/** The testing-mode banner and switch: never rendered in production (TESTING_MODE=off). */
export const TestModeBannerPart = /* @__PURE__ */ lazyPart("test-mode-banner", () =>
  import("./test-mode-banner").then((module) => module.TestModeBanner),
);
export const TestingModeTogglePart = /* @__PURE__ */ lazyPart("testing-mode-toggle", () =>
  import("./test-mode-banner").then((module) => module.TestingModeToggle),
);
/** A suspended or warned person's banners (ADR 069). */
export const ModerationBannersPart = /* @__PURE__ */ lazyPart("moderation-banners", () =>
  import("../safety/suspension-banner").then((module) => module.ModerationBanners),
);
