// 'Notifications on this device' (ADR 087): the person's devices, each with a plain POST to remove
// it (no JavaScript needed), and the button that asks the browser's permission — only when pressed,
// never on load. The subscribing code (push-subscribe.ts) is fetched on that press, so it costs the
// page nothing until then. On an iPhone or iPad outside the Home Screen app, Safari cannot push: the
// two steps to add it are shown instead of a button that cannot work.
import { Form, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import type { PushDevicesView } from "~/shared/copy/push";

export type { PushDevicesView };

type Support = "unknown" | "ready" | "ios" | "unsupported" | "denied";

function supportHere(): Support {
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  const standalone = matchMedia("(display-mode: standalone)").matches || (navigator as { standalone?: boolean }).standalone === true;
  if (ios && !standalone) return "ios";
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return "unsupported";
  return Notification.permission === "denied" ? "denied" : "ready";
}

export function PushDevices({ vapidPublicKey, devices, text }: PushDevicesView) {
  const [support, setSupport] = useState<Support>("unknown");
  const [status, setStatus] = useState<"idle" | "busy" | "done" | "failed">("idle");
  const [message, setMessage] = useState("");
  const revalidator = useRevalidator();
  useEffect(() => setSupport(supportHere()), []);

  async function turnOn() {
    setStatus("busy");
    const { subscribeThisDevice } = await import("./push-subscribe");
    const result = await subscribeThisDevice(vapidPublicKey);
    if (result.ok) {
      setStatus("done");
      setMessage(text.subscribed);
      revalidator.revalidate();
    } else {
      setStatus("failed");
      setMessage(result.denied ? text.denied : (result.error ?? text.failed));
      if (result.denied) setSupport("denied");
    }
  }

  return (
    <section aria-labelledby="push-devices" className="mt-6 border-t border-slate-200 pt-5">
      <h3 id="push-devices" className="font-semibold text-slate-900">
        {text.heading}
      </h3>
      {support === "ios" ? (
        <div className="mt-2 text-slate-700" data-testid="push-ios">
          <p className="font-medium">{text.iosHeading}</p>
          <ol className="mt-1 list-decimal space-y-1 pl-5">
            {text.iosSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
      ) : support === "ready" ? (
        <div className="mt-2">
          <p className="text-sm text-slate-600">{text.explain}</p>
          <Button type="button" variant="secondary" className="mt-2" onClick={() => void turnOn()} disabled={status === "busy"}>
            {text.turnOn}
          </Button>
        </div>
      ) : support === "unsupported" || support === "denied" ? (
        <p className="mt-2 text-slate-600">{support === "denied" ? text.denied : text.unsupported}</p>
      ) : null}
      <p role="status" className="mt-2 text-sm text-slate-700">
        {message}
      </p>
      {devices.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{text.noDevices}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200" aria-label="Devices that get notifications">
          {devices.map((device) => (
            <li key={device.id} className="flex items-center justify-between gap-3 py-2">
              <span>
                {device.label} <span className="text-sm text-slate-500">· added {device.added}</span>
              </span>
              <Form method="post" action="/player-profile">
                <input type="hidden" name="deviceId" value={device.id} />
                <Button
                  type="submit"
                  name="intent"
                  value="removePushDevice"
                  variant="secondary"
                  size="sm"
                  aria-label={`${text.remove} ${device.label}`}
                >
                  {text.remove}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
