// conform's useForm without conform in the first load (ADR 033). Until the form is
// first focused or typed in, the page renders from a stand-in with the same shape as conform's
// metadata — the same ids, names, constraints (HTML attributes), initial values and the errors of
// the server's last reply — so the server HTML and the first paint are what conform would render,
// and a submit goes to the server like the no-JavaScript path. On the first focus or input the real
// useForm is imported and mounted as a child that renders nothing (lazy-form-engine.tsx); from
// then on the form reads conform's own metadata. The inputs are never remounted (same element
// types, same keys), so what was typed and the focus stay. `form.update` / `validate` / `reset`
// asked for before conform arrives are queued and replayed once it is here.
import type { FormMetadata, SubmissionResult, useForm } from "@conform-to/react";
import { useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import type { FormEngineProps } from "./lazy-form-engine";

type Options = Parameters<typeof useForm>[0] & { id: string };
type Metadata = ReturnType<typeof useForm>;
type QueuedIntent = { type: "update" | "validate" | "reset"; args: unknown[] };

/**
 * A drop-in for conform's `useForm` (same options, an `id` required); render the third value
 * inside the form:
 *
 *   const [form, fields, conform] = useLazyForm({ id: "signin", lastResult, constraint, onValidate, … });
 *   <Form method="post" {...getFormProps(form)}>{conform}…</Form>
 */
export function useLazyForm<Schema extends Record<string, unknown>, FormValue = Schema, FormError = string[]>(
  options: Parameters<typeof useForm<Schema, FormValue, FormError>>[0] & { id: string },
): [...ReturnType<typeof useForm<Schema, FormValue, FormError>>, ReactNode] {
  const [engine, setEngine] = useState<ComponentType<FormEngineProps> | null>(null);
  const [live, setLive] = useState<Metadata | null>(null);
  const queue = useRef<QueuedIntent[]>([]);
  // The live form, once this form has rendered with conform's props: conform carries an intent
  // (update, validate, reset) as a submit of the <form>, so one asked for before the <form> has
  // conform's onSubmit would be lost. The queue is replayed here, after that render; an intent asked
  // for later through a stand-in captured earlier (a ZIP lookup that answers after conform arrived)
  // goes straight to the live form.
  const liveForm = useRef<Metadata[0] | null>(null);
  useEffect(() => {
    if (!live) return;
    liveForm.current = live[0];
    for (const { type, args } of queue.current.splice(0)) (live[0][type] as (...args: unknown[]) => void)(...args);
  }, [live]);
  const latest = useRef(options as Options);
  latest.current = options as Options;
  const loading = useRef(false);
  const load = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    void import("./lazy-form-engine").then((module) => setEngine(() => module.FormEngine));
  }, []);

  // The first focus or input inside the form brings conform (its controls may sit outside the
  // <form> element with a `form` attribute, so it is matched by the control's form, not the tree).
  const formId = options.id;
  useEffect(() => {
    if (engine) return;
    const onEvent = (event: Event) => {
      if ((event.target as HTMLInputElement | null)?.form?.id === formId) load();
    };
    document.addEventListener("focusin", onEvent);
    document.addEventListener("input", onEvent);
    return () => {
      document.removeEventListener("focusin", onEvent);
      document.removeEventListener("input", onEvent);
    };
  }, [engine, formId, load]);

  const Engine = engine;
  const element = Engine ? (
    <Engine options={latest} lastResult={options.lastResult} constraint={options.constraint} onChange={setLive} />
  ) : null;
  const [form, fields] = (live ?? standIn(options as Options, queue.current, load, liveForm)) as ReturnType<
    typeof useForm<Schema, FormValue, FormError>
  >;
  return [form, fields, element];
}

/** What conform's metadata gives before any interaction, read from the options alone. */
function standIn(options: Options, queue: QueuedIntent[], load: () => void, liveForm: { current: Metadata[0] | null }): Metadata {
  const lastResult = (options.lastResult ?? null) as SubmissionResult<string[]> | null;
  const initialValue = (lastResult?.initialValue ?? options.defaultValue ?? {}) as Record<string, unknown>;
  const error = (lastResult?.error ?? {}) as Record<string, string[] | null | undefined>;
  const constraint = (options.constraint ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const later =
    (type: QueuedIntent["type"]) =>
    (...args: unknown[]) => {
      const form = liveForm.current;
      if (form) return (form[type] as (...args: unknown[]) => void)(...args);
      queue.push({ type, args });
      load();
    };
  const metadata = (name: string) => {
    const id = name ? `${options.id}-${name}` : options.id;
    const value = initialValue[name];
    return {
      id,
      name,
      formId: options.id,
      errorId: `${id}-error`,
      descriptionId: `${id}-description`,
      initialValue: value,
      value,
      defaultValue: typeof value === "string" ? value : Array.isArray(value) ? value[0] : undefined,
      defaultOptions: typeof value === "string" ? [value] : Array.isArray(value) ? value : undefined,
      defaultChecked: value === "on" ? true : undefined,
      errors: error[name] ?? undefined,
      valid: name ? !error[name] : Object.keys(error).length === 0,
      dirty: false,
      key: undefined,
      ...(name ? constraint[name] : {}),
    };
  };
  const fields = new Proxy({}, { get: (_, name) => (typeof name === "string" ? metadata(name) : undefined) });
  const form = {
    ...metadata(""),
    status: lastResult?.status,
    noValidate: options.defaultNoValidate ?? true,
    // Before conform is here a submit goes to the server, which validates with the same schema.
    onSubmit: () => {},
    update: later("update"),
    validate: later("validate"),
    reset: later("reset"),
    getFieldset: () => fields,
  } as unknown as FormMetadata<Record<string, unknown>>;
  return [form, fields] as unknown as Metadata;
}
