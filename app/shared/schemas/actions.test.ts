// The action schemas of ADR 065: one discriminated union per route, parsed the way the actions
// parse (conform's parseWithZod over FormData, so "on", empty fields and files coerce as in a POST).
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { AdminActionSchema } from "./admin";
import { ClubManageSchema } from "./club-manage";
import { ClubMessagesActionSchema, MESSAGE_TOO_LONG } from "./club-message";
import { firstError, knownIntent } from "./intent";
import { MESSAGE_MAX_LENGTH } from "./limits";
import { InPlayActionSchema, ListingPageActionSchema } from "./listing-actions";
import { ItemRequestActionSchema } from "./item-request";
import { AcknowledgeSchema } from "./notifications";
import { AuthActionSchema, AuthPasswordToggleSchema, VerifyEmailActionSchema } from "./auth";
import { ProfileActionSchema } from "./profile";
import { JoinPageActionSchema, MembershipActionSchema } from "./club-join";
import { LocationSchema } from "./location";
import { ListingFormPostSchema } from "./listing";
import { PhotoUploadSchema } from "./photo-upload";
import { DevRealtimeActionSchema } from "./dev-realtime";

function form(fields: Record<string, string | File | (string | File)[]>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) data.append(key, v);
  return data;
}

const UUID = "0b0e7f1c-3a51-4c2e-9d6b-3f0a9c1e2d4b";

describe("club manage", () => {
  test("each row button parses to its intent and member", () => {
    for (const intent of ["approve", "reject", "promote", "demote", "remove"] as const) {
      const submission = parseWithZod(form({ intent, memberId: "m1" }), { schema: ClubManageSchema });
      expect(submission.status === "success" && submission.value).toEqual({ intent, memberId: "m1" });
    }
  });

  test("settings: a ticked switch sends 'on', an unticked one sends nothing", () => {
    const submission = parseWithZod(form({ intent: "settings", showPricesInPreview: "on", allowJoinRequests: "on" }), {
      schema: ClubManageSchema,
    });
    expect(submission.status === "success" && submission.value).toEqual({
      intent: "settings",
      showPricesInPreview: true,
      showListingCount: false,
      allowJoinRequests: true,
    });
  });

  test("the invite code's length is the domain's to judge (its toast), so any text passes here", () => {
    const submission = parseWithZod(form({ intent: "invite-code", code: "ab" }), { schema: ClubManageSchema });
    expect(submission.status === "success" && submission.value).toEqual({ intent: "invite-code", code: "ab" });
    const empty = parseWithZod(form({ intent: "invite-code", code: "" }), { schema: ClubManageSchema });
    expect(empty.status === "success" && empty.value).toEqual({ intent: "invite-code", code: "" });
  });

  test("logo: the file comes through; no file is undefined; text in its place is refused", () => {
    const file = new File([new Uint8Array([1, 2, 3])], "logo.png", { type: "image/png" });
    const submission = parseWithZod(form({ intent: "logo", logo: file }), { schema: ClubManageSchema });
    expect(submission.status === "success" && submission.value.intent === "logo" && submission.value.logo?.name).toBe("logo.png");
    const none = parseWithZod(form({ intent: "logo" }), { schema: ClubManageSchema });
    expect(none.status === "success" && none.value).toEqual({ intent: "logo" });
    expect(parseWithZod(form({ intent: "logo", logo: "not a file" }), { schema: ClubManageSchema }).status).toBe("error");
  });

  test("an unknown intent is not one of ours; a known one with a repeated field is", () => {
    const unknown = parseWithZod(form({ intent: "transfer", memberId: "m1" }), { schema: ClubManageSchema });
    expect(unknown.status).toBe("error");
    expect(knownIntent(ClubManageSchema, unknown.payload)).toBeNull();
    const repeated = parseWithZod(form({ intent: "approve", memberId: ["m1", "m2"] }), { schema: ClubManageSchema });
    expect(repeated.status).toBe("error");
    expect(knownIntent(ClubManageSchema, repeated.payload)).toBe("approve");
    expect(firstError(repeated.status === "error" ? repeated.error : null)).toMatch(/expected string/i);
  });
});

describe("club messages", () => {
  test("a chat post, an announcement and a DM", () => {
    const chat = parseWithZod(form({ intent: "post", content: "  See you at practice  ", clientId: UUID }), {
      schema: ClubMessagesActionSchema,
    });
    expect(chat.status === "success" && chat.value).toEqual({
      intent: "post",
      kind: "chat",
      content: "See you at practice",
      clientId: UUID,
    });
    const announcement = parseWithZod(
      form({ intent: "post", kind: "announcement", content: "No practice", clientId: UUID, respond: "json" }),
      { schema: ClubMessagesActionSchema },
    );
    expect(announcement.status === "success" && announcement.value).toMatchObject({ kind: "announcement", respond: "json" });
    const dm = parseWithZod(form({ intent: "dm", recipientId: "u1", content: "Hi", clientId: UUID }), { schema: ClubMessagesActionSchema });
    expect(dm.status === "success" && dm.value).toEqual({ intent: "dm", recipientId: "u1", content: "Hi", clientId: UUID });
  });

  test(`a message is 1 to ${MESSAGE_MAX_LENGTH} characters, with the composer's words`, () => {
    const errorOf = (content: string) => {
      const submission = parseWithZod(form({ intent: "post", content, clientId: UUID }), { schema: ClubMessagesActionSchema });
      return submission.status === "error" ? firstError(submission.error) : null;
    };
    expect(errorOf("")).toBe("Message cannot be empty");
    expect(errorOf("   ")).toBe("Message cannot be empty");
    expect(errorOf("x".repeat(MESSAGE_MAX_LENGTH))).toBeNull();
    expect(errorOf("x".repeat(MESSAGE_MAX_LENGTH + 1))).toBe(MESSAGE_TOO_LONG);
    expect(MESSAGE_TOO_LONG).toBe("Messages can be at most 2,000 characters");
  });

  test("a post without a client id asks for a reload", () => {
    const submission = parseWithZod(form({ intent: "post", content: "Hi" }), { schema: ClubMessagesActionSchema });
    expect(submission.status === "error" && firstError(submission.error)).toBe("Please reload the page and try again");
  });

  test("delete and read take the ids as the domain will judge them", () => {
    const del = parseWithZod(form({ intent: "delete", messageId: "m1", kind: "announcement" }), { schema: ClubMessagesActionSchema });
    expect(del.status === "success" && del.value).toEqual({ intent: "delete", kind: "announcement", messageId: "m1" });
    const read = parseWithZod(form({ intent: "read" }), { schema: ClubMessagesActionSchema });
    expect(read.status === "success" && read.value).toEqual({ intent: "read", with: "" });
  });

  test("an unknown intent is none of ours", () => {
    const submission = parseWithZod(form({ intent: "POST", content: "Hi" }), { schema: ClubMessagesActionSchema });
    expect(knownIntent(ClubMessagesActionSchema, submission.payload)).toBeNull();
  });
});

describe("listing page and In Play", () => {
  test("status takes only the listing statuses", () => {
    const sold = parseWithZod(form({ intent: "status", status: "sold" }), { schema: ListingPageActionSchema });
    expect(sold.status === "success" && sold.value).toEqual({ intent: "status", status: "sold" });
    const deleted = parseWithZod(form({ intent: "status", status: "deleted" }), { schema: ListingPageActionSchema });
    expect(deleted.status === "error" && firstError(deleted.error)).toBe("Failed to update listing status");
  });

  test("a question: empty text passes here (the domain refuses it with the spec's toast)", () => {
    const question = parseWithZod(form({ intent: "message", content: "", via: "fetcher" }), { schema: ListingPageActionSchema });
    expect(question.status === "success" && question.value).toEqual({ intent: "message", content: "", via: "fetcher" });
    const reply = parseWithZod(form({ intent: "message", content: "Friday works.", buyerId: "b1" }), { schema: ListingPageActionSchema });
    expect(reply.status === "success" && reply.value).toEqual({ intent: "message", content: "Friday works.", buyerId: "b1" });
  });

  test("In Play deletes one listing", () => {
    const submission = parseWithZod(form({ intent: "delete", listingId: "l1" }), { schema: InPlayActionSchema });
    expect(submission.status === "success" && submission.value).toEqual({ intent: "delete", listingId: "l1" });
    expect(parseWithZod(form({ intent: "remove", listingId: "l1" }), { schema: InPlayActionSchema }).status).toBe("error");
  });
});

describe("admin", () => {
  test("delete a user or a club, back to the tab the admin was on", () => {
    const user = parseWithZod(form({ intent: "deleteUser", userId: "u1", tab: "users" }), { schema: AdminActionSchema });
    expect(user.status === "success" && user.value).toEqual({ intent: "deleteUser", userId: "u1", tab: "users" });
    const club = parseWithZod(form({ intent: "deleteClub", clubId: "c1" }), { schema: AdminActionSchema });
    expect(club.status === "success" && club.value).toEqual({ intent: "deleteClub", clubId: "c1" });
    const unknown = parseWithZod(form({ intent: "DELETEUSER" }), { schema: AdminActionSchema });
    expect(knownIntent(AdminActionSchema, unknown.payload)).toBeNull();
  });
});

describe("club item requests and notices", () => {
  test("post, fulfil and delete are one union; an unknown intent is none of them", () => {
    const post = parseWithZod(form({ intent: "post", id: UUID, title: "Need a goalie helmet" }), { schema: ItemRequestActionSchema });
    expect(post.status === "success" && post.value).toEqual({ intent: "post", id: UUID, title: "Need a goalie helmet" });
    const fulfil = parseWithZod(form({ intent: "fulfil", id: UUID }), { schema: ItemRequestActionSchema });
    expect(fulfil.status === "success" && fulfil.value).toEqual({ intent: "fulfil", id: UUID });
    const unknown = parseWithZod(form({ intent: "x", id: UUID }), { schema: ItemRequestActionSchema });
    expect(knownIntent(ItemRequestActionSchema, unknown.payload)).toBeNull();
    expect(knownIntent(ItemRequestActionSchema, { intent: "delete" })).toBe("delete");
  });

  test("a notice is named by its membership id", () => {
    const submission = parseWithZod(form({ membershipId: "m1" }), { schema: AcknowledgeSchema });
    expect(submission.status === "success" && submission.value).toEqual({ membershipId: "m1" });
  });
});

describe("sign in, sign up and resend (/auth)", () => {
  const signUp = {
    intent: "signup",
    firstName: "Pat",
    lastName: "Lee",
    email: "pat@example.com",
    password: "secret-pass",
    zipCode: "02139",
    city: "Cambridge",
    state: "MA",
  };

  test("each form parses to its own branch", () => {
    const signIn = parseWithZod(form({ intent: "signin", email: " Pat@Example.com ", password: " spaced " }), { schema: AuthActionSchema });
    expect(signIn.status === "success" && signIn.value).toEqual({ intent: "signin", email: "Pat@Example.com", password: " spaced " });
    const up = parseWithZod(form(signUp), { schema: AuthActionSchema });
    expect(up.status === "success" && up.value.intent).toBe("signup");
    const resend = parseWithZod(form({ intent: "resend", email: "pat@example.com" }), { schema: AuthActionSchema });
    expect(resend.status === "success" && resend.value).toEqual({ intent: "resend", email: "pat@example.com" });
  });

  test("a sign-up without city or state is refused on those fields (the action then fills them from the ZIP)", () => {
    const { city: _city, state: _state, ...rest } = signUp;
    const submission = parseWithZod(form(rest), { schema: AuthActionSchema });
    expect(submission.status).toBe("error");
    expect(knownIntent(AuthActionSchema, submission.payload)).toBe("signup");
    expect(Object.keys(submission.status === "error" ? (submission.error ?? {}) : {}).sort()).toEqual(["city", "state"]);
  });

  test("an unknown intent is none of ours, and says so in words", () => {
    const unknown = parseWithZod(form({ intent: "SIGNIN", email: "pat@example.com", password: "secret-pass" }), {
      schema: AuthActionSchema,
    });
    expect(knownIntent(AuthActionSchema, unknown.payload)).toBeNull();
    expect(firstError(unknown.status === "error" ? unknown.error : null)).toMatch(/invalid/i);
  });

  test("the no-JavaScript password toggle: show or hide, on the sign-in or sign-up form only", () => {
    const shown = parseWithZod(form({ intent: "signup", togglePassword: "show", password: "x" }), { schema: AuthPasswordToggleSchema });
    expect(shown.status === "success" && shown.value.togglePassword).toBe("show");
    expect(parseWithZod(form({ intent: "resend", togglePassword: "show" }), { schema: AuthPasswordToggleSchema }).status).toBe("error");
    expect(parseWithZod(form({ intent: "signin", togglePassword: "maybe" }), { schema: AuthPasswordToggleSchema }).status).toBe("error");
  });

  test("verify-email: confirm with a token, or ask for a new link", () => {
    const verify = parseWithZod(form({ intent: "verify", token: "abc" }), { schema: VerifyEmailActionSchema });
    expect(verify.status === "success" && verify.value).toEqual({ intent: "verify", token: "abc" });
    const noToken = parseWithZod(form({ intent: "verify" }), { schema: VerifyEmailActionSchema });
    expect(noToken.status === "success" && noToken.value).toEqual({ intent: "verify", token: "" });
    const resend = parseWithZod(form({ intent: "resend", email: "not an address" }), { schema: VerifyEmailActionSchema });
    expect(resend.status).toBe("error");
    expect(knownIntent(VerifyEmailActionSchema, resend.payload)).toBe("resend");
  });
});

describe("player profile", () => {
  test("profile, password, sign out others and delete account are one union", () => {
    const profile = parseWithZod(form({ intent: "profile", firstName: "Pat", zipCode: "02139" }), { schema: ProfileActionSchema });
    expect(profile.status === "success" && profile.value).toEqual({ intent: "profile", firstName: "Pat", zipCode: "02139" });
    for (const intent of ["signOutOthers", "deleteAccount"] as const) {
      const submission = parseWithZod(form({ intent }), { schema: ProfileActionSchema });
      expect(submission.status === "success" && submission.value).toEqual({ intent });
    }
    expect(knownIntent(ProfileActionSchema, { intent: "x" })).toBeNull();
  });

  test("the new password must be repeated exactly", () => {
    const submission = parseWithZod(
      form({ intent: "password", currentPassword: "old-pass", newPassword: "new-pass-1", confirmPassword: "new-pass-2" }),
      { schema: ProfileActionSchema },
    );
    expect(submission.status === "error" && submission.error?.confirmPassword).toEqual(["The passwords do not match"]);
    expect(knownIntent(ProfileActionSchema, submission.payload)).toBe("password");
  });
});

describe("club membership", () => {
  test("join, request and leave carry nothing; join-code carries the code", () => {
    for (const intent of ["join", "request", "leave"] as const) {
      const submission = parseWithZod(form({ intent }), { schema: MembershipActionSchema });
      expect(submission.status === "success" && submission.value).toEqual({ intent });
    }
    const code = parseWithZod(form({ intent: "join-code", code: " ABC123 " }), { schema: MembershipActionSchema });
    expect(code.status === "success" && code.value).toEqual({ intent: "join-code", code: "ABC123" });
  });

  test("an empty code is still the join-code form (the domain answers after the access check)", () => {
    const empty = parseWithZod(form({ intent: "join-code", code: "" }), { schema: MembershipActionSchema });
    expect(empty.status).toBe("error");
    expect(knownIntent(MembershipActionSchema, empty.payload)).toBe("join-code");
    expect(knownIntent(MembershipActionSchema, { intent: "JOIN" })).toBeNull();
  });

  test("the invite-code page takes the code form only", () => {
    expect(knownIntent(JoinPageActionSchema, { intent: "join-code" })).toBe("join-code");
    expect(knownIntent(JoinPageActionSchema, { intent: "join" })).toBeNull();
  });
});

describe("location", () => {
  test("a refused ZIP leaves the way back readable on its own", () => {
    const submission = parseWithZod(form({ zipCode: "abc", redirectTo: "/search?q=ball" }), { schema: LocationSchema });
    expect(submission.status).toBe("error");
    expect(LocationSchema.shape.redirectTo.safeParse(submission.payload.redirectTo).data).toBe("/search?q=ball");
  });
});

describe("the listing form's body", () => {
  const read = (fields: Record<string, string | string[] | File | File[]>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) data.append(key, v);
    const submission = parseWithZod(data, { schema: ListingFormPostSchema, disableAutoCoercion: true });
    if (submission.status !== "success") throw new Error("the body schema refused");
    return submission.value;
  };

  test("no button is a save (Enter in a field); an empty or unknown one re-renders", () => {
    expect(read({ title: "Bat" }).intent).toBe("save");
    expect(read({ intent: "" }).intent).toBe("");
    expect(read({ intent: "photo-up:2" }).intent).toBe("photo-up:2");
  });

  test("what was typed comes back as typed; a file or a repeat in a text field reads as text or empty", () => {
    const body = read({ title: " Bat ", price: new File(["1"], "price.txt"), city: ["Boston", "Cambridge"] });
    expect(body).toMatchObject({ title: " Bat ", price: "", city: "Boston", description: "" });
  });

  test("clubs and photo keys are lists of text; only non-empty files are new photos", () => {
    const photo = new File([new Uint8Array([1, 2])], "a.jpg", { type: "image/jpeg" });
    const body = read({ clubIds: ["", "c1"], photos: "k1", newPhotos: [new File([], "none"), photo] });
    expect(body.clubIds).toEqual(["c1"]);
    expect(body.photos).toEqual(["k1"]);
    expect(body.newPhotos.map((f) => f.name)).toEqual(["a.jpg"]);
  });
});

describe("photo upload (/api/photos)", () => {
  test("thumbnails pair with photos by position; empty parts drop out; keys on the form are counted once", () => {
    const photo = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: "image/jpeg" });
    const data = form({ newPhotos: [photo("a.jpg"), new File([], "empty"), photo("b.jpg")], photos: ["k1", "k1", "", "k2"] });
    data.append("newPhotoThumbs", photo("a-thumb.jpg"));
    data.append("newPhotoThumbs", new File([], "none"));
    data.append("newPhotoThumbs", new File([], "none"));
    const submission = parseWithZod(data, { schema: PhotoUploadSchema, disableAutoCoercion: true });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.files.map((f) => f.name)).toEqual(["a.jpg", "b.jpg"]);
    expect(submission.value.thumbnails.map((f) => f?.name ?? null)).toEqual(["a-thumb.jpg", null]);
    expect(submission.value.keysOnForm).toBe(2);
  });
});

describe("dev realtime", () => {
  test("no intent (or an unknown one) is the lobby; intent club is the fan-out", () => {
    const lobby = parseWithZod(form({ text: "hi", from: "visitor-1" }), { schema: DevRealtimeActionSchema });
    expect(lobby.status === "success" && lobby.value).toEqual({ text: "hi", from: "visitor-1", clubId: "", id: "", content: "" });
    const unknown = parseWithZod(form({ intent: "x", text: "hi" }), { schema: DevRealtimeActionSchema });
    expect(unknown.status === "success" && unknown.value.intent).toBeUndefined();
    const club = parseWithZod(form({ intent: "club", clubId: "c1", content: "Hello" }), { schema: DevRealtimeActionSchema });
    expect(club.status === "success" && club.value).toMatchObject({ intent: "club", clubId: "c1", content: "Hello" });
  });
});
