// Guards worker.ts applies around every Remix request, so that no action or loader can forget
// them (ADR 016): bodies an action cannot read are a 400, bodies over the size limit a 413 (ADR 047),
// and anything personal is never cached.
import { LIMITS } from "~/shared/catalog";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

const badRequest = (message: string, status = 400) =>
  new Response(message, { status, headers: { "content-type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

const MB = 1024 * 1024;
/**
 * Largest request bodies read (ADR 047): a multipart form carries at most 5 photos of 10 MB with their
 * thumbnails (≤ 0.5 MB each) plus the fields; any other form is text. Anything larger is answered
 * 413 before it is read into memory (the Worker holds a form twice while it is checked, and has 128 MB).
 */
export const BODY_LIMITS = {
  multipart: LIMITS.photosPerListing * (LIMITS.photoMaxBytes + MB / 2) + MB,
  form: MB,
} as const;

const tooLarge = (limit: number) =>
  badRequest(
    `This request is too large: the limit is ${Math.floor(limit / MB)} MB. Photos must be 10MB or smaller, at most ${LIMITS.photosPerListing} per listing.`,
    413,
  );

/** The body, read up to `limit` bytes: null when it is longer (reading stops there). */
async function readUpTo(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

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
  // Over the limit → 413, whether the length is declared or only found by reading (a chunked body).
  const limit = type === "multipart/form-data" ? BODY_LIMITS.multipart : BODY_LIMITS.form;
  if (Number(request.headers.get("content-length")) > limit) return tooLarge(limit);
  const bytes = request.body === null ? new Uint8Array(0) : await readUpTo(request.body, limit);
  if (bytes === null) return tooLarge(limit);
  if (FORM_TYPES.has(type)) {
    const readable = new Request(request.url, { method: request.method, headers: request.headers, body: bytes, signal: request.signal });
    try {
      await readable.clone().formData();
      return readable;
    } catch {
      return badRequest("The form could not be read. Please try again.");
    }
  }
  if (bytes.byteLength > 0) {
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
