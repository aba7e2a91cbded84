// The /player-profile side of Web Push (ADR 087): what 'Notifications on this device' shows, and
// removing a device (one's own only: another person's, or one already gone, is a 404).
import { data } from "@remix-run/cloudflare";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Db } from "#db/client";
import { devicesOf, pushConfigured, removeDevice, type PushConfig } from "~/features/notifications/push.server";
import { PUSH_TEXT, SHOW_TEXT, type PushDevicesView } from "~/shared/copy/push";
import { RemoveDeviceSchema } from "~/shared/schemas/push-subscription";
import { formatDate } from "~/shared/format";

/** The device section's data; null when push is not configured here. */
export async function pushDevicesView(db: Db, env: PushConfig, userId: string): Promise<PushDevicesView | null> {
  if (!pushConfigured(env)) return null;
  const devices = await devicesOf(db, userId);
  const { badEndpoint: _a, endpointTooLong: _b, notAPushService: _c, badKeys: _d, tooManyDevices: _e, ...text } = PUSH_TEXT;
  return {
    vapidPublicKey: env.VAPID_PUBLIC_KEY!,
    devices: devices.map((d) => ({ id: d.id, label: d.label, added: formatDate(new Date(d.createdAt)) })),
    text,
    showText: SHOW_TEXT,
  };
}

/** The 'Remove' button of a device: true when removed; throws 404 when it is not the person's. */
export async function removeDeviceIntent(db: Db, userId: string, formData: FormData): Promise<boolean> {
  const submission = parseWithZod(formData, { schema: RemoveDeviceSchema });
  if (submission.status !== "success" || !(await removeDevice(db, userId, submission.value.deviceId)))
    throw data({ error: PUSH_TEXT.deviceGone }, { status: 404 });
  return true;
}
