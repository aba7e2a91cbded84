import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { Button, buttonClass, type ButtonVariant } from "./button";
import { Modal } from "./modal";

type ConfirmDialogProps = {
  /** The trigger's text ("Remove", "Leave club"). */
  trigger: ReactNode;
  /** The trigger's look; without it, a small secondary button. */
  triggerVariant?: ButtonVariant;
  /** The question, as the dialog's heading ("Delete Listing"). */
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the POST is in flight ("Deleting..."). */
  pendingLabel: string;
  cancelLabel?: string;
  tone?: ButtonVariant;
  /** Where the confirmation POSTs (defaults to the current route's action). */
  action?: string;
  /** Hidden fields posted with the confirmation, e.g. `{ intent: "delete" }`. */
  fields?: Record<string, string>;
  /**
   * Without JavaScript the trigger is a link to this server-rendered confirmation page (e.g.
   * `?confirm=remove`) when given; otherwise the question opens in place as a `<details>`.
   */
  noScriptHref?: string;
};

/**
 * A confirmation before a destructive POST. With JavaScript: a native `<dialog>` opened with
 * `showModal()` — focus moves into it, the page behind is inert, Escape or Cancel or a click on
 * the backdrop closes it, and focus returns to the trigger. Without JavaScript (and before
 * hydration) it is still a real form: the trigger links to `noScriptHref`, or the question opens
 * in a `<details>` beside the trigger. The action answers as usual (usually a redirect + toast).
 *
 *   <ConfirmDialog trigger="Remove" title="Delete Listing"
 *     description="This removes the listing and its photos. It cannot be undone."
 *     confirmLabel="Yes, delete" pendingLabel="Deleting..." tone="danger"
 *     action={`/listing/${id}/remove`} fields={{ intent: "remove" }}
 *     noScriptHref={`/listing/${id}?confirm=remove`} />
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const hydrated = useHydrated();
  return hydrated ? <ModalConfirm {...props} /> : <InlineConfirm {...props} />;
}

const triggerClass = (props: ConfirmDialogProps) =>
  buttonClass({ variant: props.triggerVariant ?? "secondary", className: props.triggerVariant ? undefined : "text-sm" });

function ConfirmForm({
  titleId,
  descriptionId,
  title,
  description,
  confirmLabel,
  pendingLabel,
  tone = "danger",
  action,
  fields = {},
  cancel,
}: ConfirmDialogProps & { titleId: string; descriptionId: string; cancel: ReactNode }) {
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    (action === undefined || navigation.formAction === action);
  return (
    <>
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description ? (
        <div id={descriptionId} className="mt-2 text-sm text-slate-700">
          {description}
        </div>
      ) : null}
      <Form method="post" action={action} className="mt-4 flex flex-wrap justify-end gap-2">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {cancel}
        <Button type="submit" variant={tone} busy={pending} busyText={pendingLabel}>
          {confirmLabel}
        </Button>
      </Form>
    </>
  );
}

/** No JavaScript: a link to the confirmation page, or the question in a <details>. */
function InlineConfirm(props: ConfirmDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  if (props.noScriptHref) {
    return (
      <a href={props.noScriptHref} className={triggerClass(props)}>
        {props.trigger}
      </a>
    );
  }
  return (
    <details className="group">
      <summary className={`${triggerClass(props)} cursor-pointer list-none`}>{props.trigger}</summary>
      <div role="group" aria-labelledby={titleId} className="mt-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <ConfirmForm {...props} titleId={titleId} descriptionId={descriptionId} cancel={null} />
      </div>
    </details>
  );
}

function ModalConfirm(props: ConfirmDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const navigation = useNavigation();
  const submitted = useRef(false);

  // After our POST settles on this page (an error, or an answer without a redirect), close.
  useEffect(() => {
    if (navigation.state !== "idle") {
      if (dialog.current?.open) submitted.current = true;
    } else if (submitted.current) {
      submitted.current = false;
      dialog.current?.close();
    }
  }, [navigation.state]);

  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
        className={triggerClass(props)}
      >
        {props.trigger}
      </button>
      <Modal
        ref={dialog}
        aria-labelledby={titleId}
        aria-describedby={props.description ? descriptionId : undefined}
        // Escape fires `cancel` then `close`; every way out returns focus to the trigger.
        onClose={() => trigger.current?.focus()}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-6 text-left shadow-xl backdrop:bg-slate-900/50"
      >
        <ConfirmForm
          {...props}
          titleId={titleId}
          descriptionId={descriptionId}
          cancel={
            <Button variant="secondary" onClick={() => dialog.current?.close()}>
              {props.cancelLabel ?? "Cancel"}
            </Button>
          }
        />
      </Modal>
    </>
  );
}
