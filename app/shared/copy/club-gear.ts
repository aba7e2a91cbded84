// The gear library's words (ADR 093): loaders hand them to the pages as data where a visitor page could load them.

export const GEAR_TEXT = {
  libraryTitle: "Library",
  keeperTitle: "Gear Library",
  intro: "Club-owned gear to borrow for the season or for dates. Requests are served first come, first served per item and size.",
  dateRequired: "Enter a date (YYYY-MM-DD)",
  dateOrder: "The end date must be on or after the start date",
  sizeRequired: "Enter a size",
  countRange: "Enter a whole number of units from 1 to 100",
  codeRequired: "Enter a tag code",
  codeFormat: "A tag code is 2–12 letters, digits or dashes, starting with a letter or digit",
  unitCodeRequired: "Enter the unit's tag code",
  unitCodeFormat: "A unit's tag code looks like SK5-3 (the item's code, a dash, the unit's number)",
  conditionRequired: "Choose a condition",
  titleRequired: "Enter a title",
  sportRequired: "Choose a sport",
  typeRequired: "Enter a type",
  periodRequired: "Choose the season or dates",
  reload: "This form is out of date: reload the page and try again",
} as const;

export const GEAR_ERRORS = {
  forbidden: "Only the club's equipment managers, admins and owner can do that",
  tagTaken: "The club already has an item with this tag code",
  noSuchItem: "That item is not in this club's library",
  noSuchSize: "That size is not in the library",
  tooManyUnits: "An item can have at most 500 units",
  alreadyQueued: "You are already waiting for this size",
  noSuchRequest: "That request is no longer waiting",
  notFirstInQueue: "Someone asked before this person: lend to the first in the queue",
  noFreeUnit: "No unit in this size is free",
  noSuchUnit: "No unit with that tag code is in the library",
  notOut: "That unit is not out on loan",
  alreadyOut: "That unit is out on loan: check it in first",
} as const;
export type GearError = keyof typeof GEAR_ERRORS;

export const GEAR_DONE = {
  itemAdded: "Item added",
  unitsAdded: "Units added",
  checkedOut: (code: string) => `Lent unit ${code}`,
  checkedIn: "Checked in",
  swapLent: (code: string) => `Checked in, and lent unit ${code} in the next size`,
  swapQueued: "Checked in; no unit in the next size is free, so they are on its waiting list",
  noNextSize: "Checked in; this item has no larger size",
  declined: "Request declined",
  retired: "Unit retired",
  requested: "Request sent: you are in the queue",
  withdrawn: "Request withdrawn",
} as const;
