import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { destroySession, testingModeCookie } from "~/domain/session.server";
import { toastCookie } from "~/lib/toast.server";

export async function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(request, context));
  headers.append("Set-Cookie", testingModeCookie(context.env, false));
  headers.append("Set-Cookie", await toastCookie(context, { title: "Signed out", description: "You have been successfully signed out.", variant: "success" }));
  return redirect("/", { headers });
}
