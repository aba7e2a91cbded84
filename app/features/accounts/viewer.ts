/**
 * Who is asking. Every domain function that reads or changes something takes the viewer and puts
 * them in the query (STYLE.md: ownership lives in the query). `null` is a signed-out visitor.
 * Built by getUser()/requireUser() in app/features/accounts/session.server.ts.
 */
export type Viewer = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  zipCode: string | null;
  isAdmin: boolean;
};
