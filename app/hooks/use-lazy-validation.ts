// Client validation without zod in the first load (issue 10 §5): the constraints are already
// HTML attributes (form-constraint.ts), so the page works and the browser checks the basics
// before any parser arrives. The zod schema + parseWithZod are imported on the form's first
// input; until they are here a real submit goes to the server, which validates with the same
// schema (exactly the no-JavaScript path). Held in a ref — nothing at module level.
import type { Submission } from "@conform-to/react";
import { useRef } from "react";

const INTENT = "__intent__"; // conform's field for its own validate/update requests

export function useLazyValidation<Output>(load: () => Promise<(formData: FormData) => Submission<Output>>) {
  type Validate = (formData: FormData) => Submission<Output>;
  const state = useRef<{ validate: Validate | null; loading: Promise<void> | null }>({ validate: null, loading: null });
  function preload() {
    state.current.loading ??= load().then(
      (validate) => {
        state.current.validate = validate;
      },
      // A chunk that failed to arrive (offline, a new deploy): the server still validates; try again on the next input.
      () => {
        state.current.loading = null;
      }
    );
  }
  function onValidate({ formData }: { formData: FormData }): Submission<Output> {
    const { validate } = state.current;
    if (validate) return validate(formData);
    preload();
    // Not loaded yet. A real submit: let it through to the server (error null). One of conform's
    // own validate requests: hold it (an empty error object stops it) without changing any message.
    const held = formData.has(INTENT);
    return {
      status: held ? "error" : undefined,
      payload: {},
      error: held ? {} : null,
      reply: () => ({ status: "error" as const, error: {} }),
    } as unknown as Submission<Output>;
  }
  return { onValidate, onInput: preload, onFocus: preload };
}
