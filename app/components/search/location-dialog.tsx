import { Form, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { isZip } from "~/shared/zip";
import { LOCATION_TOASTS } from "~/shared/schemas/location-toasts";
import { showToast } from "../layout/toaster";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { Label } from "../ui/label";

/** The ZIP form of 'Update Your Location'; posts to /account/location, which answers with a toast. */
export function LocationForm({ zipCode, redirectTo, onDone }: { zipCode: string | null; redirectTo: string; onDone?: () => void }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/account/location";
  return (
    <Form
      method="post"
      action="/account/location"
      className="mt-3 space-y-3"
      onSubmit={(event) => {
        // Instant feedback with JavaScript (the same ZIP rule as LocationSchema, without shipping
        // zod on every page); the server checks the schema itself.
        const zipCode = String(new FormData(event.currentTarget).get("zipCode") ?? "").trim();
        if (!isZip(zipCode)) {
          event.preventDefault();
          showToast(LOCATION_TOASTS.invalid);
          return;
        }
        onDone?.();
      }}
    >
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <div>
        <Label htmlFor="location-zip">ZIP Code</Label>
        <Input
          id="location-zip"
          name="zipCode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          defaultValue={zipCode ?? ""}
          placeholder="e.g. 02139"
          className="mt-1 block w-full"
        />
      </div>
      <Button type="submit" busy={busy} busyText="Updating..." size="slim" className="w-full">
        Update Location
      </Button>
    </Form>
  );
}

/** A map pin drawn inline: the 📍 emoji alone was an empty box where no emoji font is installed. */
export function PinIcon({ className = "h-4 w-4" }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={`${className} shrink-0`}
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 22s7-6.2 7-12a7 7 0 1 0-14 0c0 5.8 7 12 7 12z" />
      <circle cx="12" cy="10" r="2.5" />
    </svg>
  );
}

/** The ZIP chip (01 §2): the ZIP or 'Set ZIP', opening 'Update Your Location'. A <details>, so no JS needed. */
export function LocationDialog({ zipCode, redirectTo }: { zipCode: string | null; redirectTo: string }) {
  const details = useRef<HTMLDetailsElement>(null);
  return (
    <details ref={details} className="sm:relative" data-menu>
      <summary
        aria-label={zipCode ? `Your ZIP: ${zipCode}. Update your location` : "Set ZIP. Update your location"}
        className="group flex min-h-11 cursor-pointer list-none items-center rounded-full focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {/* The pill is drawn inside a 44 px tall target. */}
        <span className="flex items-center gap-1 whitespace-nowrap rounded-full border border-slate-200 px-2 py-1 text-xs font-medium text-slate-700 group-hover:border-brand-300 group-hover:text-brand-700 sm:px-3 sm:py-1.5 sm:text-sm">
          <PinIcon />
          {zipCode ?? "Set ZIP"}
        </span>
      </summary>
      <div
        role="dialog"
        aria-labelledby="location-dialog-title"
        className="absolute inset-x-2 top-full z-40 sm:inset-x-auto sm:right-0 mt-2 sm:w-72 rounded-lg border border-slate-200 bg-white p-4 shadow-lg"
      >
        <h2 id="location-dialog-title" className="font-semibold">
          Update Your Location
        </h2>
        <p className="mt-1 text-sm text-slate-600">Enter your ZIP code to see gear near you.</p>
        <LocationForm zipCode={zipCode} redirectTo={redirectTo} onDone={() => details.current?.removeAttribute("open")} />
      </div>
    </details>
  );
}

/**
 * 'Recent Listings Near You' for a signed-out visitor (ADR 035): where distances are measured from,
 * and 'Set your location' to change it. The same form as the ZIP chip; for a visitor the choice is
 * kept in a cookie (nothing stored on the server). A <details>, so it works without JavaScript.
 */
export function VisitorLocation({ where, near, zipCode }: { where: string; near: boolean; zipCode: string | null }) {
  const details = useRef<HTMLDetailsElement>(null);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700" data-testid="visitor-location">
      <p className="flex items-center gap-1">
        <PinIcon />
        {near ? <span>Nearest first from {where}</span> : <span>Nothing listed near {where} yet: newest anywhere</span>}
      </p>
      <details ref={details} className="relative" data-menu>
        <summary className="flex min-h-11 cursor-pointer list-none items-center font-medium text-brand-700 underline focus-visible:outline-2 focus-visible:outline-brand-600">
          Set your location
        </summary>
        <div
          role="dialog"
          aria-labelledby="visitor-location-title"
          className="absolute left-0 top-full z-40 mt-2 w-72 max-w-[calc(100vw-1.5rem)] rounded-lg border border-slate-200 bg-white p-4 shadow-lg"
        >
          <h3 id="visitor-location-title" className="font-semibold">
            Set your location
          </h3>
          <p className="mt-1 text-sm text-slate-600">Enter a ZIP code to see gear near it. It is kept in this browser only.</p>
          <LocationForm zipCode={zipCode} redirectTo="/" onDone={() => details.current?.removeAttribute("open")} />
        </div>
      </details>
    </div>
  );
}
