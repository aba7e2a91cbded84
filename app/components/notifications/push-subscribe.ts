// Subscribing this browser (ADR 087), fetched when 'Turn on notifications on this device' is
// pressed: the permission prompt, the service worker, PushManager.subscribe with the server's VAPID
// key, and the subscription posted to /api/push-subscriptions for the signed-in person.

/** The VAPID public key (base64url) as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "=")), (c) => c.charCodeAt(0));
}

export type SubscribeOutcome = { ok: true } | { ok: false; denied?: boolean; error?: string };

export async function subscribeThisDevice(vapidPublicKey: string): Promise<SubscribeOutcome> {
  try {
    const permission = await Notification.requestPermission();
    if (permission !== "granted") return { ok: false, denied: permission === "denied" };
    const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    await navigator.serviceWorker.ready;
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(vapidPublicKey) }));
    const response = await fetch("/api/push-subscriptions", {
      method: "POST",
      body: new URLSearchParams({ subscription: JSON.stringify(subscription.toJSON()) }),
    });
    if (response.ok) return { ok: true };
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    return { ok: false, error: body.error };
  } catch {
    return { ok: false };
  }
}
