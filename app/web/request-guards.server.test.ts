import { expect, test } from "vitest";
import { BODY_LIMITS, readableFormRequest } from "./request-guards.server";

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://127.0.0.1/list-item", { method: "POST", body, headers, duplex: "half" } as RequestInit);

/** A body of `size` bytes sent in chunks with no Content-Length, the way a streamed upload arrives. */
function chunked(size: number, chunk = 64 * 1024) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) return controller.close();
      const n = Math.min(chunk, size - sent);
      sent += n;
      controller.enqueue(new Uint8Array(n).fill(0x61));
    },
  });
}

test("a text form over the limit is answered 413 with a message, before it is read", async () => {
  const body = `title=${"a".repeat(BODY_LIMITS.form)}`;
  const answer = await readableFormRequest(post(body, { "content-type": "application/x-www-form-urlencoded" }));
  expect(answer).toBeInstanceOf(Response);
  const response = answer as Response;
  expect(response.status).toBe(413);
  expect(await response.text()).toMatch(/^This request is too large: the limit is 1 MB\./);
});

test("a streamed body with no declared length is counted as it is read and refused past the limit", async () => {
  const answer = await readableFormRequest(post(chunked(BODY_LIMITS.multipart + 1), { "content-type": "multipart/form-data; boundary=x" }));
  expect((answer as Response).status).toBe(413);
});

test("a declared length over the photo limit is refused without reading the body", async () => {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += 1;
      controller.enqueue(new Uint8Array(1024));
    },
  });
  const answer = await readableFormRequest(
    post(body, { "content-type": "multipart/form-data; boundary=x", "content-length": String(BODY_LIMITS.multipart + 1) }),
  );
  expect((answer as Response).status).toBe(413);
  expect(pulled).toBeLessThanOrEqual(1); // the stream's own first pull on construction at most
});

test("a form within the limit reaches the action with its fields intact", async () => {
  const answer = await readableFormRequest(post("title=Cleats&price=12", { "content-type": "application/x-www-form-urlencoded" }));
  expect(answer).toBeInstanceOf(Request);
  const form = await (answer as Request).formData();
  expect(form.get("title")).toBe("Cleats");
  expect(form.get("price")).toBe("12");
});

test("the photo limit leaves room for five 10 MB photos with their thumbnails", () => {
  expect(BODY_LIMITS.multipart).toBeGreaterThan(5 * (10 * 1024 * 1024 + 512 * 1024));
});
