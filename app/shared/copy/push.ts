// Web Push's texts (ADR 087): the device section of the notification settings, the refusals of
// /push-subscriptions and what a push says on the lock screen.
export const PUSH_TEXT = {
  heading: "Notifications on this device",
  turnOn: "Turn on notifications on this device",
  explain: "LockerSwap asks your browser for permission only when you press the button.",
  notSetUp: "Push notifications are not set up on this server.",
  unsupported: "This browser cannot show notifications from websites.",
  denied: "Notifications are blocked for LockerSwap in this browser's settings.",
  subscribed: "This device will get notifications",
  failed: "Could not turn on notifications on this device. Try again.",
  noDevices: "No devices get notifications yet.",
  remove: "Remove",
  removed: "Device removed",
  deviceGone: "That device is not one of yours.",
  iosHeading: "Add LockerSwap to your Home Screen to get notifications",
  iosSteps: ["Tap the Share button in Safari's toolbar.", "Choose 'Add to Home Screen', then open LockerSwap from there."],
  badEndpoint: "That is not a push subscription",
  endpointTooLong: "That push endpoint is too long",
  notAPushService: "That address is not a push service",
  badKeys: "That subscription's keys are not valid",
  tooManyDevices: "You have the most devices allowed (10): remove one first",
} as const;

/** A deal step's push (ADR 087): who and on what — never the price or the message (spec 02 §2). */
export const DEAL_PUSH = {
  offerReceived: (from: string, title: string) => `New offer from ${from} on ${title}`,
  countered: (from: string, title: string) => `${from} sent a counter-offer on ${title}`,
  accepted: (from: string, title: string) => `${from} accepted the offer on ${title}`,
  reminder: (from: string, title: string) => `${from} is waiting for your answer on ${title}`,
  body: "Open LockerSwap to see it.",
} as const;

/** What 'Notifications on this device' gets from the loader (app/web/push-settings.server.ts). */
export type PushDevicesView = {
  vapidPublicKey: string;
  devices: { id: string; label: string; added: string }[];
  text: Omit<typeof PUSH_TEXT, "badEndpoint" | "endpointTooLong" | "notAPushService" | "badKeys" | "tooManyDevices">;
};
