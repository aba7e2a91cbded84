// Client validation without zod in the first load (ADR 032): the constraints are already
// HTML attributes (form-constraint.ts), so the page works and the browser checks the basics
// before any parser arrives. The zod schema + parseWithZod are imported on the form's first
// input; until they are here a real submit goes to the server, which validates with the same
// schema (exactly the no-JavaScript path). Held in a ref — nothing at module level.
import type { Submission } from "@conform-to/react";
import { useRef } from "react";

const INTENT = "__intent__"; // conform's field for its own validate/update requests

export function useLazyValidation<Output>(load: () => Promise<(formData: FormData) => Submission<Output>>) {
  type Validate = (formData: FormData) => Submission<Output>;
  const state = useRef<{ validate: Validate | null; loading: Promise<void> | null; held: { form: HTMLFormElement; intent: string }[] }>({
    validate: null,
    loading: null,
    held: [],
  });
  function preload() {
    state.current.loading ??= load().then(
      (validate) => {
        state.current.validate = validate;
        // conform applies its requests (a field update from a ZIP lookup, a revalidation) only through
        // onValidate: the ones held while the parser was on its way are asked for again, in order.
        for (const { form, intent } of state.current.held.splice(0)) if (form.isConnected) requestIntent(form, intent);
      },
      // A chunk that failed to arrive (offline, a new deploy): the server still validates; try again on the next input.
      () => {
        state.current.loading = null;
      },
    );
  }
  function onValidate({ form, formData }: { form: HTMLFormElement; formData: FormData }): Submission<Output> {
    const { validate } = state.current;
    if (validate) return validate(formData);
    // Not loaded yet. A real submit: let it through to the server (error null). One of conform's
    // own requests: hold it (an empty error object stops it) without changing any message, and ask
    // again once the parser is here.
    const held = formData.has(INTENT);
    if (held) state.current.held.push({ form, intent: String(formData.get(INTENT)) });
    preload();
    return {
      status: held ? "error" : undefined,
      payload: {},
      error: held ? {} : null,
      reply: () => ({ status: "error" as const, error: {} }),
    } as unknown as Submission<Output>;
  }
  return { onValidate, onInput: preload, onFocus: preload };
}

/** What conform's own `requestIntent` does: a hidden submitter carrying the request, clicked at once. */
function requestIntent(form: HTMLFormElement, intent: string) {
  const submitter = document.createElement("button");
  submitter.name = INTENT;
  submitter.value = intent;
  submitter.hidden = true;
  submitter.formNoValidate = true;
  if (form.id) submitter.setAttribute("form", form.id);
  (form.id ? document.body : form).appendChild(submitter);
  try {
    form.requestSubmit(submitter);
  } finally {
    submitter.remove();
  }
}
