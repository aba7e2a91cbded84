import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useFetcher } from "@remix-run/react";
import { useId, useRef } from "react";
import { Field } from "~/components/ui/forms";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import { Button } from "~/components/ui/button";
import { getFormConstraint } from "~/shared/form-constraint";
import type { InviteCodeActionData } from "~/web/club-membership.server";
import { JoinCodeSchema } from "~/shared/schemas/club-join";
import { Modal } from "~/components/ui/modal";

type Props = {
  action: string;
  lastResult: InviteCodeActionData | undefined;
  pending: boolean;
  FormComponent: typeof Form;
  onCancel?: () => void;
};

/** The invite-code form (02 §5): one field, the spec's errors beside it; a real POST either way. */
function InviteCodeForm({ action, lastResult, pending, FormComponent, onCancel }: Props) {
  const [form, fields] = useForm({
    id: `invite-code-${action}`,
    lastResult: lastResult?.result,
    constraint: getFormConstraint(JoinCodeSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: JoinCodeSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <FormComponent method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="join-code" />
      {lastResult?.title && fields.code.errors?.length ? (
        <p role="alert" className="font-semibold text-red-700">
          {lastResult.title}
        </p>
      ) : null}
      <Field
        label="Invite code"
        field={fields.code}
        inputProps={{ autoComplete: "off", autoCapitalize: "characters", spellCheck: false }}
      />
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <SubmitButton pending={pending} pendingText="Joining...">
          Join Group
        </SubmitButton>
      </div>
    </FormComponent>
  );
}

/** Without JavaScript: the page /club/{slug}/join renders this as a plain form. */
export function InviteCodePageForm({ action, lastResult }: { action: string; lastResult: InviteCodeActionData | undefined }) {
  const pending = useIsPending({ intent: "join-code" });
  return <InviteCodeForm action={action} lastResult={lastResult} pending={pending} FormComponent={Form} />;
}

/**
 * With JavaScript: 'Enter Invite Code' opens a native <dialog> holding the same form, posted by a
 * fetcher so a wrong code keeps the dialog open with its error; success redirects to the club.
 */
export function InviteCodeDialog({ action, disabled }: { action: string; disabled?: boolean }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const fetcher = useFetcher<InviteCodeActionData>();
  return (
    <>
      <Button ref={trigger} disabled={disabled} aria-haspopup="dialog" onClick={() => dialog.current?.showModal()}>
        Enter Invite Code
      </Button>
      <Modal
        ref={dialog}
        aria-labelledby={titleId}
        onClose={() => trigger.current?.focus()}
        className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-xl bg-white p-6 text-left shadow-xl backdrop:bg-slate-900/50"
      >
        <h2 id={titleId} className="mb-3 text-lg font-semibold text-slate-900">
          Enter Invite Code
        </h2>
        <InviteCodeForm
          action={action}
          lastResult={fetcher.data}
          pending={fetcher.state !== "idle"}
          FormComponent={fetcher.Form as unknown as typeof Form}
          onCancel={() => dialog.current?.close()}
        />
      </Modal>
    </>
  );
}
