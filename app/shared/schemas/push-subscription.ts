// A browser's push subscription as it posts it to /push-subscriptions (ADR 087): the JSON of
// PushSubscription.toJSON(). Shapes and sizes only; whether the endpoint is a push service
// (push-endpoint.ts) and whether the key is on the curve are the feature's checks.
import { z } from "zod";
import { PUSH_TEXT } from "~/shared/copy/push";

/** Real endpoints are 150–500 characters; anything near this is not one. */
export const MAX_ENDPOINT_LENGTH = 1024;

export const PushSubscriptionSchema = z.object(
  {
    endpoint: z.string({ error: PUSH_TEXT.badEndpoint }).max(MAX_ENDPOINT_LENGTH, PUSH_TEXT.endpointTooLong),
    keys: z.object(
      {
        // RFC 8291 §3.2: a 65-byte uncompressed P-256 point and a 16-byte auth secret, base64url.
        p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}={0,2}$/, PUSH_TEXT.badKeys),
        auth: z.string().regex(/^[A-Za-z0-9_-]{22}={0,2}$/, PUSH_TEXT.badKeys),
      },
      { error: PUSH_TEXT.badKeys },
    ),
  },
  { error: PUSH_TEXT.badEndpoint },
);
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>;

/** A device's 'Remove' on /player-profile. */
export const RemoveDeviceSchema = z.object({ intent: z.literal("removePushDevice"), deviceId: z.string().uuid() });
