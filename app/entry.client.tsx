import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { preloadServerRenderedParts } from "~/components/lazy-part";
import { AccountMenuPart, ModerationBannersPart, TestingModeTogglePart, TestModeBannerPart } from "~/components/root-lazy-parts";
import { ToastList } from "~/components/toaster";

// The root's lazy parts whose HTML the server sent (the account menu when signed in, the testing-mode
// banner and switch, server toasts) are loaded first: Remix's location update on each navigation is
// not a transition, and reaching a boundary still waiting for its chunk it would make React drop the
// server HTML with error #421 (ADR 063, "Lazy parts and hydration"). A signed-out page loads none.
void preloadServerRenderedParts(document, [
  AccountMenuPart,
  TestModeBannerPart,
  TestingModeTogglePart,
  ModerationBannersPart,
  ToastList,
]).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);
