import { createCookieSessionStorage, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { locationValue } from "~/platform/security.server";
import { z } from "zod";

/**
 * Flash toasts: the server puts a short list in a short-lived cookie, the next page render shows
 * them and clears it. Because the server renders them, toasts work without JavaScript. A list,
 * because one outcome can need two messages ('Listing Created!' and an upload warning, spec 02 §5).
 */
export const ToastSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  variant: z.enum(["default", "success", "destructive"]).default("default"),
});
export type Toast = z.input<typeof ToastSchema>;

// Bounded: the cookie must stay well under the 4 KB a browser keeps.
const MAX_TOASTS = 5;
const ToastListSchema = z.array(ToastSchema).min(1).max(MAX_TOASTS);

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

/** A Set-Cookie value carrying one toast or several (shown in order). */
export async function toastCookie(context: AppLoadContext, toast: Toast | Toast[]) {
  const store = storage(context);
  const session = await store.getSession();
  const list = (Array.isArray(toast) ? toast : [toast]).slice(0, MAX_TOASTS);
  session.flash("toasts", ToastListSchema.parse(list));
  return store.commitSession(session);
}

export async function redirectWithToast(context: AppLoadContext, url: string, toast: Toast | Toast[], init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastCookie(context, toast));
  return redirect(locationValue(url), { ...init, headers });
}

/**
 * Reads and clears the pending toasts; append `setCookie` to the response when it is not null.
 * `toast` is the first of `toasts`, for callers that show one.
 */
export async function readToast(context: AppLoadContext, request: Request) {
  const store = storage(context);
  const session = await store.getSession(request.headers.get("Cookie"));
  const list = ToastListSchema.safeParse(session.get("toasts"));
  // A cookie written before toasts became a list (at most a minute old) still shows.
  const single = list.success ? null : ToastSchema.safeParse(session.get("toast"));
  const toasts = list.success ? list.data : single?.success ? [single.data] : [];
  if (toasts.length === 0) return { toast: null, toasts, setCookie: null };
  return { toast: toasts[0], toasts, setCookie: await store.commitSession(session) };
}
