import { createCookieSessionStorage, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";

/**
 * Flash toasts: the server puts one in a short-lived cookie, the next page render shows it and
 * clears it. Because the server renders it, toasts work without JavaScript.
 */
export const ToastSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  variant: z.enum(["default", "success", "destructive"]).default("default"),
});
export type Toast = z.input<typeof ToastSchema>;

function storage(context: AppLoadContext) {
  return createCookieSessionStorage({
    cookie: {
      name: context.env.APP_ENV === "production" ? "__Host-toast" : "toast",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: context.env.APP_ENV === "production",
      secrets: [context.env.SESSION_SECRET],
      maxAge: 60,
    },
  });
}

export async function toastCookie(context: AppLoadContext, toast: Toast) {
  const store = storage(context);
  const session = await store.getSession();
  session.flash("toast", ToastSchema.parse(toast));
  return store.commitSession(session);
}

export async function redirectWithToast(context: AppLoadContext, url: string, toast: Toast, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastCookie(context, toast));
  return redirect(url, { ...init, headers });
}

/** Reads and clears the pending toast; append `setCookie` to the response when it is not null. */
export async function readToast(context: AppLoadContext, request: Request) {
  const store = storage(context);
  const session = await store.getSession(request.headers.get("Cookie"));
  const parsed = ToastSchema.safeParse(session.get("toast"));
  if (!parsed.success) return { toast: null, setCookie: null };
  return { toast: parsed.data, setCookie: await store.commitSession(session) };
}
