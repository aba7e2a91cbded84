import { RADIUS_OPTIONS } from "~/shared/catalog/browse-options";
import { Label } from "./label";
import { Select } from "./select";

/**
 * The search radius (`radius`, miles) of the home page's listing filters and the sport page's
 * filter panel — one list of options, one name. `compact` is the filter panel's full-width look.
 *
 *   <RadiusSelect label="Radius" defaultValue={state.radius} />
 *   <RadiusSelect label="Search radius" defaultValue={state.radius} compact />
 */
export function RadiusSelect({ label, defaultValue, compact }: { label: string; defaultValue: number; compact?: boolean }) {
  return (
    <Label small className={compact ? "font-normal" : undefined}>
      {label}
      <Select
        name="radius"
        defaultValue={String(defaultValue)}
        controlSize={compact ? "xs" : "sm"}
        className={compact ? "mt-1 block w-full" : "mt-1 block"}
      >
        {RADIUS_OPTIONS.map((miles) => (
          <option key={miles} value={miles}>
            {miles} miles
          </option>
        ))}
      </Select>
    </Label>
  );
}
