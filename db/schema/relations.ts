// drizzle relations for the relational query API (`db.query.listings.findMany({ with: … })`).
// They describe joins only; the foreign keys themselves are declared on the columns.
import { relations } from "drizzle-orm";
import { emailVerificationTokens, profiles, sessions, userRoles, users } from "./accounts";
import { clubMembers, clubs } from "./clubs";
import { favorites, listingClubs, listingPhotos, listings } from "./listings";
import { clubDirectMessages, clubMessages, listingMessages } from "./messages";
import { clubRequests } from "./requests";

export const usersRelations = relations(users, ({ one, many }) => ({
  profile: one(profiles, { fields: [users.id], references: [profiles.userId] }),
  sessions: many(sessions),
  emailVerificationTokens: many(emailVerificationTokens),
  roles: many(userRoles),
  listings: many(listings),
  memberships: many(clubMembers),
  favorites: many(favorites),
}));

export const profilesRelations = relations(profiles, ({ one }) => ({
  user: one(users, { fields: [profiles.userId], references: [users.id] }),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const emailVerificationTokensRelations = relations(emailVerificationTokens, ({ one }) => ({
  user: one(users, { fields: [emailVerificationTokens.userId], references: [users.id] }),
}));

export const userRolesRelations = relations(userRoles, ({ one }) => ({
  user: one(users, { fields: [userRoles.userId], references: [users.id] }),
}));

export const clubsRelations = relations(clubs, ({ one, many }) => ({
  creator: one(users, { fields: [clubs.createdBy], references: [users.id] }),
  members: many(clubMembers),
  listingLinks: many(listingClubs),
  messages: many(clubMessages),
  directMessages: many(clubDirectMessages),
  requests: many(clubRequests),
}));

export const clubMembersRelations = relations(clubMembers, ({ one }) => ({
  club: one(clubs, { fields: [clubMembers.clubId], references: [clubs.id] }),
  user: one(users, { fields: [clubMembers.userId], references: [users.id] }),
  profile: one(profiles, { fields: [clubMembers.userId], references: [profiles.userId] }),
}));

export const listingsRelations = relations(listings, ({ one, many }) => ({
  seller: one(users, { fields: [listings.userId], references: [users.id] }),
  sellerProfile: one(profiles, { fields: [listings.userId], references: [profiles.userId] }),
  clubLinks: many(listingClubs),
  photos: many(listingPhotos),
  favorites: many(favorites),
  messages: many(listingMessages),
}));

export const listingClubsRelations = relations(listingClubs, ({ one }) => ({
  listing: one(listings, { fields: [listingClubs.listingId], references: [listings.id] }),
  club: one(clubs, { fields: [listingClubs.clubId], references: [clubs.id] }),
}));

export const listingPhotosRelations = relations(listingPhotos, ({ one }) => ({
  listing: one(listings, { fields: [listingPhotos.listingId], references: [listings.id] }),
}));

export const favoritesRelations = relations(favorites, ({ one }) => ({
  user: one(users, { fields: [favorites.userId], references: [users.id] }),
  listing: one(listings, { fields: [favorites.listingId], references: [listings.id] }),
}));

export const listingMessagesRelations = relations(listingMessages, ({ one }) => ({
  listing: one(listings, { fields: [listingMessages.listingId], references: [listings.id] }),
  sender: one(users, { fields: [listingMessages.senderId], references: [users.id], relationName: "listingMessageSender" }),
  receiver: one(users, {
    fields: [listingMessages.receiverId],
    references: [users.id],
    relationName: "listingMessageReceiver",
  }),
}));

export const clubMessagesRelations = relations(clubMessages, ({ one }) => ({
  club: one(clubs, { fields: [clubMessages.clubId], references: [clubs.id] }),
  author: one(users, { fields: [clubMessages.userId], references: [users.id] }),
  authorProfile: one(profiles, { fields: [clubMessages.userId], references: [profiles.userId] }),
}));

export const clubDirectMessagesRelations = relations(clubDirectMessages, ({ one }) => ({
  club: one(clubs, { fields: [clubDirectMessages.clubId], references: [clubs.id] }),
  sender: one(users, { fields: [clubDirectMessages.senderId], references: [users.id], relationName: "clubDmSender" }),
  receiver: one(users, { fields: [clubDirectMessages.receiverId], references: [users.id], relationName: "clubDmReceiver" }),
}));

export const clubRequestsRelations = relations(clubRequests, ({ one }) => ({
  club: one(clubs, { fields: [clubRequests.clubId], references: [clubs.id] }),
  author: one(users, { fields: [clubRequests.userId], references: [users.id] }),
  authorProfile: one(profiles, { fields: [clubRequests.userId], references: [profiles.userId] }),
}));
