// The form kit: labelled controls whose description and errors are wired to the control by
// `aria-describedby`, built on conform's field metadata. Each control spreads conform's props
// (`getInputProps` / `getSelectProps` / `getTextareaProps`), so the constraints of the form's zod
// schema (`useForm({ constraint: getZodConstraint(Schema) })`) are rendered as HTML attributes —
// required, minLength/maxLength, min/max, pattern — and the browser validates before JavaScript
// has loaded (conform sets `noValidate` once hydrated and validates with zod from then on).
// Anything passed in `inputProps` / `selectProps` / `textareaProps` wins over conform's props.
//
// Every control works without JavaScript: real names, real values, real submit buttons.
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { Button } from "./button";
import { describedBy, ErrorList, FieldDescription, LabelText } from "./field";
import { Input } from "./input";
import { Label } from "./label";
import { Select } from "./select";
import { Textarea } from "./textarea";

export { ErrorList };

type AnyField = FieldMetadata<string | number | boolean | string[] | undefined | null>;

type FieldShell = {
  label: ReactNode;
  /** The conform field: id, name, errors, constraints and the value to start from. */
  field: AnyField;
  /** Help text under the control, read out with it. */
  description?: ReactNode;
  /** Shows a '*' after the label (for fields the server requires but the schema cannot mark). */
  markRequired?: boolean;
  className?: string;
};

/**
 * A text-like input (text, email, number, tel, url, search…) with label, description and errors.
 *
 *   <Field label="Email" field={fields.email} inputProps={{ type: "email", autoComplete: "email" }} />
 *   <Field label="Price ($)" field={fields.price} markRequired
 *     inputProps={{ type: "number", step: 0.01, inputMode: "decimal", defaultValue: values.price }} />
 */
export function Field({
  label,
  field,
  description,
  markRequired,
  className,
  inputProps = {},
}: FieldShell & { inputProps?: InputHTMLAttributes<HTMLInputElement> }) {
  const { key, ...conformProps } = getInputProps(field, {
    type: (inputProps.type ?? "text") as "text",
    ariaDescribedBy: description ? field.descriptionId : undefined,
  });
  return (
    <div className={className}>
      <Label htmlFor={field.id}>
        <LabelText markRequired={markRequired}>{label}</LabelText>
      </Label>
      <Input key={key} {...conformProps} {...inputProps} className={`mt-1 block w-full ${inputProps.className ?? ""}`} />
      <FieldDescription id={field.descriptionId}>{description}</FieldDescription>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * A multi-line text field.
 *
 *   <TextareaField label="Description" field={fields.description} textareaProps={{ rows: 4 }} />
 */
export function TextareaField({
  label,
  field,
  description,
  markRequired,
  className,
  textareaProps = {},
}: FieldShell & { textareaProps?: TextareaHTMLAttributes<HTMLTextAreaElement> }) {
  const { key, ...conformProps } = getTextareaProps(field, { ariaDescribedBy: description ? field.descriptionId : undefined });
  return (
    <div className={className}>
      <Label htmlFor={field.id}>
        <LabelText markRequired={markRequired}>{label}</LabelText>
      </Label>
      <Textarea key={key} {...conformProps} {...textareaProps} className={`mt-1 block w-full ${textareaProps.className ?? ""}`} />
      <FieldDescription id={field.descriptionId}>{description}</FieldDescription>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

export type SelectOption = { value: string; label: string };

/**
 * A native select. `placeholder` becomes a first option with an empty value. Controlled when
 * `selectProps.value` is given (dependent lists), else it starts from the field's value.
 *
 *   <SelectField label="Condition" field={fields.condition} placeholder="Select condition"
 *     options={CONDITION_OPTIONS} selectProps={{ defaultValue: values.condition }} />
 */
export function SelectField({
  label,
  field,
  description,
  markRequired,
  className,
  options,
  placeholder,
  selectProps = {},
}: FieldShell & { options: readonly SelectOption[]; placeholder?: string; selectProps?: SelectHTMLAttributes<HTMLSelectElement> }) {
  const { key, ...conformProps } = getSelectProps(field, { ariaDescribedBy: description ? field.descriptionId : undefined });
  // A controlled select must not also get conform's defaultValue (React warns about both).
  if (selectProps.value !== undefined) delete (conformProps as { defaultValue?: unknown }).defaultValue;
  return (
    <div className={className}>
      <Label htmlFor={field.id}>
        <LabelText markRequired={markRequired}>{label}</LabelText>
      </Label>
      <Select key={key} {...conformProps} {...selectProps} className={`mt-1 block w-full ${selectProps.className ?? ""}`}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
      <FieldDescription id={field.descriptionId}>{description}</FieldDescription>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

type CheckShell = {
  label: ReactNode;
  description?: ReactNode;
  /** The field's errors show under the box when given (for a group, give them to the fieldset). */
  errors?: string[] | null;
  className?: string;
  /** name, value, defaultChecked, … — a real checkbox, so the form posts `name=value` when ticked. */
  inputProps: InputHTMLAttributes<HTMLInputElement> & { name: string };
};

/**
 * A checkbox with its label beside it. It is a real `<input type="checkbox">`: ticked, the form
 * posts `name=value` ("on" without a value), with or without JavaScript. Several with one name
 * post a list (`formData.getAll(name)`).
 *
 *   <CheckboxField label="Listed in Riverside FC" inputProps={{ name: "clubIds", value: club.id, defaultChecked }} />
 *   <CheckboxField label="Remember me" description="For 30 days" inputProps={{ name: "remember" }} />
 */
export function CheckboxField({ label, description, errors, className, inputProps }: CheckShell) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const described = describedBy(id, description, errors);
  return (
    <div className={className}>
      <div className="flex items-start gap-2">
        <input
          type="checkbox"
          {...inputProps}
          id={id}
          aria-describedby={described}
          aria-invalid={errors?.length ? true : undefined}
          className={`mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 ${inputProps.className ?? ""}`}
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      <FieldDescription id={`${id}-description`} className="ml-7">
        {description}
      </FieldDescription>
      <ErrorList id={`${id}-error`} errors={errors} className="ml-7" />
    </div>
  );
}

/**
 * An on/off switch: a real checkbox with `role="switch"` drawn as a track and thumb, so it posts
 * `name=value` when on — without JavaScript too — and nothing when off (schemas read a missing
 * value as false, e.g. `z.preprocess((v) => v === "on", z.boolean())` or conform's coercion).
 *
 *   <SwitchField label="Show prices in preview" inputProps={{ name: "showPricesInPreview", defaultChecked: settings.showPrices }} />
 */
export function SwitchField({ label, description, errors, className, inputProps }: CheckShell) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const described = describedBy(id, description, errors);
  return (
    <div className={className}>
      <div className="flex items-center justify-between gap-4">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <span className="relative inline-flex h-6 w-11 shrink-0 items-center">
          <input
            type="checkbox"
            role="switch"
            {...inputProps}
            id={id}
            aria-describedby={described}
            aria-invalid={errors?.length ? true : undefined}
            className="peer absolute inset-0 h-full w-full cursor-pointer appearance-none rounded-full bg-slate-400 transition-colors checked:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          />
          <span
            aria-hidden="true"
            className="pointer-events-none absolute left-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
          />
        </span>
      </div>
      <FieldDescription id={`${id}-description`}>{description}</FieldDescription>
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  );
}

/**
 * A password with a Show/Hide toggle. With JavaScript the toggle flips the input type in place.
 * Without it (and before hydration) the toggle is a submit button `togglePassword=show|hide`
 * (`formNoValidate`): the action answers with the same form, values kept, and `toggled` set to
 * whether the password is now shown (see the /auth action); focus comes back to the toggle. Put
 * `<DefaultSubmit />` first in such a form so Enter does not press the toggle.
 *
 *   <PasswordField field={fields.password} autoComplete="current-password" toggled={passwordToggled} />
 */
export function PasswordField({
  label = "Password",
  field,
  description,
  autoComplete,
  toggled,
  className,
}: {
  label?: string;
  field: AnyField;
  description?: ReactNode;
  autoComplete: "current-password" | "new-password";
  /** After the no-JavaScript toggle: whether the password is shown; otherwise undefined. */
  toggled?: boolean;
  className?: string;
}) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(toggled ?? false);
  const { key, ...props } = getInputProps(field, {
    type: visible ? "text" : "password",
    ariaDescribedBy: description ? field.descriptionId : undefined,
  });
  return (
    <div className={className}>
      <Label htmlFor={field.id}>{label}</Label>
      <div className="relative">
        <Input key={key} {...props} autoComplete={autoComplete} className="mt-1 block w-full pr-16" />
        <Button
          variant="link"
          type={hydrated ? "button" : "submit"}
          name={hydrated ? undefined : "togglePassword"}
          value={hydrated ? undefined : visible ? "hide" : "show"}
          formNoValidate
          // eslint-disable-next-line jsx-a11y/no-autofocus -- without JavaScript the toggle is a submit: focus comes back to it after the round trip
          autoFocus={toggled !== undefined}
          onClick={hydrated ? () => setVisible((v) => !v) : undefined}
          aria-pressed={visible}
          aria-controls={field.id}
          className="absolute bottom-0 right-0 min-h-11 px-3 text-sm text-slate-700 no-underline hover:text-slate-900"
        >
          {visible ? "Hide" : "Show"}
          <span className="sr-only"> password</span>
        </Button>
      </div>
      <FieldDescription id={field.descriptionId}>{description}</FieldDescription>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * Enter in a field submits a form through its first submit button. When that would be another
 * button (a no-JavaScript password toggle, a photo's "Remove"), start the form with this hidden
 * stand-in for the real one; give it the real button's name/value if the action reads them.
 *
 *   <Form method="post"><DefaultSubmit />…<PasswordField …/>…<SubmitButton …/></Form>
 *   <DefaultSubmit name="intent" value="save" />
 */
export function DefaultSubmit({ name, value }: { name?: string; value?: string }) {
  return <button type="submit" name={name} value={value} hidden tabIndex={-1} aria-hidden="true" />;
}
