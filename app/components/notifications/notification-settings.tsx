// 'Notifications' on /player-profile (ADR 073): per kind, in the app only, e-mail right away or
// an e-mail digest. A plain server-rendered form with no client validation, its words from the loader
// (notificationSettingsView): the page is at the edge of its 110 KB first-load budget (ADR 033), and
// radios cannot be filled in wrong from the page — a tampered body comes back from the action with the
// entered values and a message.
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ErrorList } from "~/components/ui/field";
import { RadioGroup } from "~/components/ui/radio-group";
import { SubmitButton, useIsPending } from "~/components/ui/status-button";
import type { NotificationKindView } from "~/shared/copy/notification-settings";
import { modeField, NOTIFICATIONS_INTENT, pushField, SHOW_TEXT_FIELD } from "~/shared/schemas/notification-settings";
import { Card } from "~/components/ui/card";
import { CheckboxField } from "~/components/ui/forms";
import { lazy, Suspense } from "react";
import type { PushDevicesView } from "~/shared/copy/push";

// A chunk of its own (ADR 087): server-rendered with the page, so its remove buttons work without JavaScript,
// and out of /player-profile's first-load JavaScript (ADR 033's 110 KB signed in).
const PushDevices = lazy(() => import("./push-devices").then((module) => ({ default: module.PushDevices })));

export function NotificationSettings({
  kinds,
  lastResult,
  formError,
  push,
  showText,
}: {
  kinds: NotificationKindView[];
  /** 'Show message text' is on (ADR 100). */
  showText: boolean;
  /** 'Notifications on this device' (ADR 087); null when push is not configured. */
  push: PushDevicesView | null;
  /** The action's refusal: the entered values are shown again, with the messages. */
  lastResult?: SubmissionResult<string[]>;
  formError?: string;
}) {
  const pending = useIsPending({ intent: NOTIFICATIONS_INTENT });
  const entered = (lastResult?.initialValue?.modes ?? {}) as Record<string, unknown>;
  const enteredPush = lastResult ? ((lastResult.initialValue?.push ?? {}) as Record<string, unknown>) : null;
  return (
    // Named "Notification settings", not by its heading: the toasts' live region is "Notifications" (axe landmark-unique).
    <Card id="notifications" aria-label="Notification settings" as="section" padding="lg">
      <h2 className="text-lg font-semibold text-slate-900">Notifications</h2>
      <p className="mt-1 text-slate-600">How LockerSwap tells you about each kind of news.</p>
      <Form method="post" action="/player-profile" className="mt-4 space-y-5">
        <ErrorList id="notifications-form-error" errors={formError ? [formError] : null} />
        {kinds.map(({ kind, legend, covers, mode, options, push: pushOn, pushLabel }) => {
          const name = modeField(kind);
          const again = entered[kind];
          return (
            <div key={kind} className="space-y-2">
              <RadioGroup
                id={`notify-${kind}`}
                name={name}
                legend={legend}
                description={covers}
                defaultValue={typeof again === "string" ? again : mode}
                errors={lastResult?.error?.[name]}
                options={options}
              />
              {push ? (
                <CheckboxField
                  label={pushLabel}
                  inputProps={{ name: pushField(kind), defaultChecked: enteredPush ? enteredPush[kind] === "on" : pushOn }}
                />
              ) : null}
            </div>
          );
        })}
        {push ? (
          <CheckboxField
            label={push.showText.label}
            description={push.showText.hint}
            inputProps={{
              name: SHOW_TEXT_FIELD,
              defaultChecked: lastResult ? lastResult.initialValue?.[SHOW_TEXT_FIELD] === "on" : showText,
            }}
          />
        ) : null}
        <SubmitButton name="intent" value={NOTIFICATIONS_INTENT} pending={pending} pendingText="Saving...">
          Save notification settings
        </SubmitButton>
      </Form>
      {push ? (
        <Suspense>
          <PushDevices {...push} />
        </Suspense>
      ) : null}
    </Card>
  );
}
