// The conform half of useLazyForm (lazy-form.tsx): loaded on the form's first focus or input. It
// runs conform's real useForm, renders nothing, and hands its metadata to the form after each of
// its renders — which happen when conform's state changes, when the server's reply or the
// constraints change, and once on mount. The intents asked for before it arrived are replayed by
// useLazyForm once the form has rendered with conform's props (lazy-form.tsx).
import { useForm } from "@conform-to/react";
import { memo, useLayoutEffect, type MutableRefObject } from "react";

type Options = Parameters<typeof useForm>[0];
export type FormEngineProps = {
  options: MutableRefObject<Options>;
  lastResult: Options["lastResult"];
  constraint: Options["constraint"];
  onChange: (metadata: ReturnType<typeof useForm>) => void;
};

// Memoised on the reply and the constraints only: the callbacks are read from the ref when called,
// so a re-render of the form does not re-render this (which would hand back new metadata: a loop).
export const FormEngine = memo(function FormEngine({ options, lastResult, constraint, onChange }: FormEngineProps) {
  const [form, fields] = useForm({
    ...options.current,
    lastResult,
    constraint,
    onValidate: options.current.onValidate ? (context) => options.current.onValidate!(context) : undefined,
    onSubmit: options.current.onSubmit ? (event, context) => options.current.onSubmit!(event, context) : undefined,
  });
  useLayoutEffect(() => {
    onChange([form, fields]);
  });
  return null;
});
