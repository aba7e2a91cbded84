import { Form, useLocation } from "@remix-run/react";
import { Button } from "../ui/button";

/** 01 §4: shown while testing mode is on. */
export function TestModeBanner() {
  return (
    <div role="status" data-lazy-part="test-mode-banner" className="bg-amber-100 px-3 py-2 text-center text-sm font-medium text-amber-900">
      Test Mode: Auth disabled. Data may reset.
    </div>
  );
}

/** The testing-mode switch; rendered only when the deployment enables testing mode. */
export function TestingModeToggle({ on }: { on: boolean }) {
  const location = useLocation();
  return (
    <Form method="post" action="/testing-mode" data-lazy-part="testing-mode-toggle">
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <Button type="submit" aria-pressed={on} variant="secondary" size="xs" className="font-medium">
        {on ? "Disable testing mode" : "Enable testing mode"}
      </Button>
    </Form>
  );
}
