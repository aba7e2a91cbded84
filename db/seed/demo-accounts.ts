/** Known local-only demo accounts, printed by `npm start` and listed in the README. Never seeded by deploy. */
export const DEMO_ACCOUNTS = [
  { key: "admin", label: "Site admin", email: "admin@lockerswap.test", password: "demo-admin-pass", firstName: "Avery", lastName: "Admin" },
  {
    key: "owner",
    label: "Club owner",
    email: "owner@lockerswap.test",
    password: "demo-owner-pass",
    firstName: "Olivia",
    lastName: "Owens",
  },
  {
    key: "member",
    label: "Club member",
    email: "member@lockerswap.test",
    password: "demo-member-pass",
    firstName: "Marcus",
    lastName: "Mendez",
  },
  { key: "user", label: "Plain user", email: "user@lockerswap.test", password: "demo-user-pass", firstName: "Priya", lastName: "Patel" },
] as const;
