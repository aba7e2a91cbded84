import type { FieldMetadata } from "@conform-to/react";
import { useEffect, useState } from "react";
import { getBrands, getEquipmentTypes, sportsByName, TENNIS_SUBCATEGORIES } from "~/shared/catalog";
import { useHydrated } from "~/hooks/use-hydrated";
import { Field, SelectField } from "../ui/forms";
import { Button } from "../ui/button";

const SPORT_OPTIONS = sportsByName().map((s) => ({ value: s.key, label: s.key === "tennis" ? "Tennis & Racquet Sports" : s.name }));
const SUBCATEGORY_OPTIONS = TENNIS_SUBCATEGORIES.map((s) => ({ value: s.key, label: s.label }));
const asOptions = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

type Fields = Record<"sport" | "sportSubcategory" | "equipmentType" | "brand" | "brandCustom", FieldMetadata<string | undefined>>;

/**
 * The listing form's sport → sub-category → type → brand chain (02 §4): a change clears what
 * depends on it. With JavaScript the lists follow at once; without it, "Update options" posts the
 * form (intent `refresh`) and the server renders the lists for the sport chosen, clearing what no
 * longer fits (`loadedSport` / `loadedSubcategory` tell it what changed).
 *
 *   <CategoryFields fields={fields} values={values} resetKey={state.formKey} />
 */
export function CategoryFields({
  fields,
  values,
  resetKey,
}: {
  fields: Fields;
  values: { sport: string; sportSubcategory: string; equipmentType: string; brand: string; brandCustom: string };
  /** Changes when the server sends the form again: the chain starts over from its values. */
  resetKey?: string;
}) {
  const hydrated = useHydrated();
  const [sport, setSport] = useState(values.sport);
  const [sub, setSub] = useState(values.sportSubcategory);
  const [type, setType] = useState(values.equipmentType);
  const [brand, setBrand] = useState(values.brand);
  useEffect(() => {
    setSport(values.sport);
    setSub(values.sportSubcategory);
    setType(values.equipmentType);
    setBrand(values.brand);
  }, [resetKey, values.sport, values.sportSubcategory, values.equipmentType, values.brand]);

  const types = sport ? getEquipmentTypes(sport, sub) : [];
  const brands = sport ? getBrands(sport, sub, type) : [];
  return (
    <>
      <input type="hidden" name="loadedSport" value={values.sport} />
      <input type="hidden" name="loadedSubcategory" value={values.sportSubcategory} />
      <SelectField
        label="Sport"
        field={fields.sport}
        markRequired
        placeholder="Select a sport"
        options={SPORT_OPTIONS}
        selectProps={{
          value: sport,
          onChange: (e) => {
            setSport(e.target.value);
            setSub("");
            setType("");
            setBrand("");
          },
        }}
      />
      {sport === "tennis" ? (
        <SelectField
          label="Sub-category"
          field={fields.sportSubcategory}
          placeholder="Select a sub-category"
          options={SUBCATEGORY_OPTIONS}
          selectProps={{
            value: sub,
            onChange: (e) => {
              setSub(e.target.value);
              setType("");
              setBrand("");
            },
          }}
        />
      ) : null}
      {!hydrated ? (
        <div className="flex items-end">
          <Button type="submit" name="intent" value="refresh" formNoValidate variant="secondary" size="sm" className="font-normal">
            Update options
          </Button>
        </div>
      ) : null}
      <SelectField
        label="Equipment Type"
        field={fields.equipmentType}
        placeholder={sport ? "Select a type" : "Choose a sport first"}
        options={asOptions(types)}
        selectProps={{
          value: type,
          onChange: (e) => {
            setType(e.target.value);
            setBrand("");
          },
        }}
      />
      <SelectField
        label="Brand"
        field={fields.brand}
        placeholder={sport ? "Select a brand" : "Choose a sport first"}
        options={asOptions(brands)}
        selectProps={{ value: brand, onChange: (e) => setBrand(e.target.value) }}
      />
      {brand === "Other" || !hydrated ? (
        <Field label="Custom brand (when Other)" field={fields.brandCustom} inputProps={{ defaultValue: values.brandCustom }} />
      ) : null}
    </>
  );
}
