import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { disconnectEverywhere } from "~/features/realtime/rooms.server";
import { destroySession, getUser, testingModeCookie } from "~/web/session.server";
import { toastCookie } from "~/web/toast.server";

export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const headers = new Headers();
  // A signed-out session stops receiving at once: its sockets are closed, and without a session the
  // token endpoint refuses the reconnect (ADR 039).
  const viewer = await getUser(request, context);
  if (viewer) await disconnectEverywhere(context, viewer.id);
  headers.append("Set-Cookie", await destroySession(request, context));
  headers.append("Set-Cookie", testingModeCookie(context.env, false));
  headers.append(
    "Set-Cookie",
    await toastCookie(context, { title: "Signed out", description: "You have been successfully signed out.", variant: "success" }),
  );
  return redirect("/", { headers });
}
