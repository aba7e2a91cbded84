// Guards worker.ts applies around every Remix request, so that no action or loader can forget
// them (issue 9 §2): bodies an action cannot read are a 400, and anything personal is never cached.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

const badRequest = (message: string) =>
  new Response(message, { status: 400, headers: { "content-type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * Every action reads `request.formData()`; a body it cannot parse (JSON, multipart without a
 * boundary, truncated multipart) would throw inside the action → 500. Checked here once: a form
 * body that does not parse, or any other body, is answered 400. A POST with no body at all (a
 * bare "sign out" button) is handed on as an empty form. Returns the request to hand to Remix, or
 * the 400 to answer.
 */
export async function readableFormRequest(request: Request): Promise<Request | Response> {
  if (SAFE_METHODS.has(request.method)) return request;
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (FORM_TYPES.has(type)) {
    try {
      await request.clone().formData();
      return request;
    } catch {
      return badRequest("The form could not be read. Please try again.");
    }
  }
  if (request.body !== null && (await request.clone().arrayBuffer()).byteLength > 0) {
    return badRequest("This address accepts form submissions only.");
  }
  const headers = new Headers(request.headers);
  headers.set("content-type", "application/x-www-form-urlencoded");
  headers.delete("content-length");
  return new Request(request.url, { method: request.method, headers, body: "", signal: request.signal });
}

/**
 * A response to a signed-in request, or one that sets a cookie, is someone's own: `private,
 * no-store`, so no shared cache or back/forward cache keeps it. Immutable responses (a photo
 * behind its content-addressed key) keep their own header.
 */
export function applyPrivateCaching(headers: Headers, request: Request, sessionCookie: string) {
  const cookies = request.headers.get("Cookie") ?? "";
  const signedIn = cookies.split(";").some((part) => part.trim().startsWith(`${sessionCookie}=`));
  if (!signedIn && !headers.has("Set-Cookie")) return;
  if ((headers.get("Cache-Control") ?? "").includes("immutable")) return;
  headers.set("Cache-Control", "private, no-store");
}
