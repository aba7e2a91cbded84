// The keepers' items (ADR 097): add an item with its first size and a number of identical units (codes TAG-1,
// TAG-2 …, ADR 093); per item, more units in a size it has or a new (larger) size — sizes keep the order they were
// added, the order 'swap up a size' follows — and retire a unit by its code.
import { Card } from "~/components/ui/card";
import { Field, SelectField, TextareaField } from "~/components/ui/forms";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import type { LibraryItem } from "~/features/club-gear/reads.server";
// conditionBadge, not conditionLabel: the badge is already in every page's chunk (listing cards); a second export would join it there (ADR 033).
import { CONDITION_OPTIONS, conditionBadge } from "~/shared/catalog/conditions";
import { SPORT_NAME_LIST, SPORT_NAMES } from "~/shared/catalog/sport-names";
import { GEAR_KEEPER_TEXT as T } from "~/shared/copy/club-gear";
import type { GearKeeperActionData } from "~/shared/schemas/club-gear";
import { KeeperForm, useKeeperForm } from "./keeper-form";

const SPORT_OPTIONS = SPORT_NAME_LIST.map((s) => ({ value: s.key, label: s.name }));

export function GearItems({ items, itemId, last }: { items: LibraryItem[]; itemId: string; last: GearKeeperActionData | undefined }) {
  return (
    <div className="space-y-5">
      <AddItem itemId={itemId} last={last} />
      <section aria-labelledby="items-heading" className="space-y-3">
        <h2 id="items-heading" className="text-lg font-semibold">
          {T.itemsHeading} ({items.length})
        </h2>
        {items.length === 0 ? <p className="text-slate-600">{T.itemsNone}</p> : null}
        {items.map((item) => (
          <ItemCard key={item.id} item={item} last={last} />
        ))}
      </section>
    </div>
  );
}

function AddItem({ itemId, last }: { itemId: string; last: GearKeeperActionData | undefined }) {
  const [form, fields] = useKeeperForm<{
    title: string;
    sport: string;
    equipmentType: string;
    size: string;
    condition: string;
    tagCode: string;
    notes: string;
    count: string;
  }>("add-item", last, { count: "1" });
  const adding = useIsPending({ intent: "add-item" });
  return (
    <Card as="section" padding="md" aria-labelledby="add-item-heading">
      <h2 id="add-item-heading" className="mb-3 text-lg font-semibold">
        {T.addItemHeading}
      </h2>
      <KeeperForm form={form} intent="add-item" className="grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="id" value={itemId} />
        <Field label="Title" field={fields.title} className="sm:col-span-2" inputProps={{ required: true, maxLength: 100 }} />
        <SelectField
          label="Sport"
          field={fields.sport}
          placeholder="Choose a sport"
          options={SPORT_OPTIONS}
          selectProps={{ required: true }}
        />
        <Field
          label="Type"
          field={fields.equipmentType}
          description="Skates, helmet, shin guards…"
          inputProps={{ required: true, maxLength: 60 }}
        />
        <Field label="Size" field={fields.size} inputProps={{ required: true, maxLength: 20 }} />
        <SelectField
          label="Condition"
          field={fields.condition}
          placeholder="Choose a condition"
          options={CONDITION_OPTIONS}
          selectProps={{ required: true }}
        />
        <Field
          label="Tag code"
          field={fields.tagCode}
          description="Units get TAG-1, TAG-2 … on their tags"
          inputProps={{ required: true, maxLength: 12, autoCapitalize: "characters", spellCheck: false, className: "font-mono uppercase" }}
        />
        <Field
          label="Number of identical units"
          field={fields.count}
          inputProps={{ type: "number", inputMode: "numeric", required: true, min: 1, max: 100 }}
        />
        <TextareaField
          label="Notes (optional)"
          field={fields.notes}
          className="sm:col-span-2"
          textareaProps={{ rows: 2, maxLength: 1000 }}
        />
        <SubmitButton pending={adding} pendingText="Adding..." className="sm:col-span-2">
          {T.addItemHeading}
        </SubmitButton>
      </KeeperForm>
    </Card>
  );
}

function ItemCard({ item, last }: { item: LibraryItem; last: GearKeeperActionData | undefined }) {
  const [unitsForm, unitsFields] = useKeeperForm<{ size: string; count: string }>(`add-units-${item.id}`, last, { count: "1" });
  const [retireForm, retireFields] = useKeeperForm<{ unitCode: string }>(`retire-${item.id}`, last);
  return (
    <Card as="article" padding="md" aria-labelledby={`item-${item.id}`} className="space-y-3" data-testid="gear-item">
      <div>
        <h3 id={`item-${item.id}`} className="text-base font-semibold">
          {item.title} <span className="ml-1 rounded bg-slate-100 px-1.5 font-mono text-sm">{item.tagCode}</span>
        </h3>
        <p className="text-sm text-slate-700">
          {SPORT_NAMES[item.sport].name} · {item.equipmentType} · {conditionBadge(item.condition).label}
        </p>
        {item.notes ? <p className="text-sm text-slate-700">{item.notes}</p> : null}
      </div>
      <ul className="flex flex-wrap gap-2 text-sm">
        {item.sizes.map((s) => (
          <li key={s.rank} className="rounded-md border border-slate-300 px-2 py-1">
            Size {s.size}: {s.free}/{s.units} in{s.waiting ? `, ${s.waiting} waiting` : ""}
          </li>
        ))}
      </ul>
      <div className="grid gap-3 sm:grid-cols-2">
        <KeeperForm form={unitsForm} intent="add-units" className="space-y-2 rounded-md border border-slate-200 p-3">
          <input type="hidden" name="itemId" value={item.id} />
          <div className="grid grid-cols-2 gap-2">
            <Field label="Size" field={unitsFields.size} inputProps={{ required: true, maxLength: 20 }} />
            <Field
              label="Units"
              field={unitsFields.count}
              inputProps={{ type: "number", inputMode: "numeric", required: true, min: 1, max: 100 }}
            />
          </div>
          <SubmitButton size="sm" tone="secondary" pendingText="Adding..." aria-label={`${T.addUnits} to ${item.title}`}>
            {T.addUnits}
          </SubmitButton>
        </KeeperForm>
        <KeeperForm form={retireForm} intent="retire" className="space-y-2 rounded-md border border-slate-200 p-3">
          <Field
            label={`${T.retireHeading} (tag code)`}
            field={retireFields.unitCode}
            inputProps={{
              required: true,
              maxLength: 16,
              autoCapitalize: "characters",
              spellCheck: false,
              className: "font-mono uppercase",
            }}
          />
          <SubmitButton size="sm" tone="danger-outline" pendingText="Saving..." aria-label={`${T.retire} a unit of ${item.title}`}>
            {T.retire}
          </SubmitButton>
        </KeeperForm>
      </div>
    </Card>
  );
}
