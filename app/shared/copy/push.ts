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
} as const;

/** A push's body when it carries no words (ADR 100: 'Show message text' off, or nothing to show). */
export const PUSH_BODY = "Open LockerSwap to see it.";

/** Every other kind's push (ADR 100): who and what kind; the words, if chosen, are the body. */
export const KIND_PUSH = {
  directMessage: (from: string, club: string) => `New message from ${from} in ${club}`,
  listingMessage: (from: string, title: string) => `New message from ${from} about ${title}`,
  joinRequest: (name: string, club: string) => `${name} asks to join ${club}`,
  approved: (club: string) => `You've been approved: welcome to ${club}`,
  announcement: (author: string, club: string) => `New announcement from ${author} in ${club}`,
  matches: (count: number, search: string) => (count === 1 ? `A new match for ${search}` : `${count} new matches for ${search}`),
  priceDrop: (title: string) => `A favorite got cheaper: ${title}`,
  priceDropDetail: (from: string, to: string) => `Now ${to} (was ${from})`,
  outgrown: (sport: string, when: string) => `Outgrown anything? A ${sport} season ${when}`,
  outgrownDetail: (player: string, sport: string, when: string) => `${player}'s ${sport} season ${when}: list what no longer fits.`,
} as const;

/** 'Show message text' (ADR 100), the notification settings' one choice about what a push carries. */
export const SHOW_TEXT = {
  label: "Show message text",
  hint: "Pushes include the words of a message or announcement and prices. Off: they say only who and what kind, since a lock screen shows them to anyone holding the phone.",
} as const;

/** What 'Notifications on this device' gets from the loader (app/web/push-settings.server.ts). */
export type PushDevicesView = {
  vapidPublicKey: string;
  devices: { id: string; label: string; added: string }[];
  text: Omit<typeof PUSH_TEXT, "badEndpoint" | "endpointTooLong" | "notAPushService" | "badKeys" | "tooManyDevices">;
  /** The 'Show message text' checkbox's words (ADR 100). */
  showText: typeof SHOW_TEXT;
};
