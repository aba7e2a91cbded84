import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { preloadServerRenderedParts } from "~/components/layout/lazy-part";
import { AccountMenuPart, ModerationBannersPart, TestingModeTogglePart, TestModeBannerPart } from "~/components/layout/root-lazy-parts";
import { ToastList } from "~/components/layout/toaster";

// A request that a newer navigation cancelled is not an error. Remix decodes loader data with
// turbo-stream, whose decoder rejects two promises nobody holds when the stream is cut after its first
// line (a revalidation superseded by a click, ADR 070): the page would report
// "signal is aborted without reason" twice. Only AbortErrors are quieted; every other rejection is reported.
window.addEventListener("unhandledrejection", (event) => {
  if (event.reason instanceof DOMException && event.reason.name === "AbortError") event.preventDefault();
});

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
