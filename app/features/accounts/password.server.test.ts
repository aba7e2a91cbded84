import { describe, expect, test } from "vitest";
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from "./password.server";

const PEPPER = "test-pepper-0123456789abcdef0123456789abcdef";

describe("passwords", () => {
  test("a hashed password verifies and stores its algorithm and parameters", async () => {
    const stored = await hashPassword("correct horse", PEPPER);
    expect(stored.algo).toBe("pbkdf2-sha256");
    const params = JSON.parse(stored.params);
    expect(params.iterations).toBe(PBKDF2_ITERATIONS);
    expect(typeof params.salt).toBe("string");
    expect(stored.hash).not.toContain("correct horse");
    expect(await verifyPassword("correct horse", PEPPER, stored)).toEqual({ ok: true, needsRehash: false });
  });

  test("a wrong password is refused", async () => {
    const stored = await hashPassword("correct horse", PEPPER);
    expect(await verifyPassword("correct horsf", PEPPER, stored)).toEqual({ ok: false, needsRehash: false });
  });

  test("the same password hashes differently each time (random salt)", async () => {
    const a = await hashPassword("same-password", PEPPER);
    const b = await hashPassword("same-password", PEPPER);
    expect(a.hash).not.toBe(b.hash);
  });

  test("the right password with another pepper is refused", async () => {
    const stored = await hashPassword("correct horse", PEPPER);
    expect((await verifyPassword("correct horse", `${PEPPER}-rotated`, stored)).ok).toBe(false);
  });

  test("a password stored with older parameters verifies and asks for a rehash", async () => {
    const stored = await hashPassword("correct horse", PEPPER);
    const { salt } = JSON.parse(stored.params);
    // Re-derive with fewer iterations to stand in for a hash written under older parameters.
    const encoder = new TextEncoder();
    const hmacKey = await crypto.subtle.importKey("raw", encoder.encode(PEPPER), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    const peppered = await crypto.subtle.sign("HMAC", hmacKey, encoder.encode("correct horse"));
    const key = await crypto.subtle.importKey("raw", peppered, "PBKDF2", false, ["deriveBits"]);
    const saltBytes = Uint8Array.from(atob(salt), (c) => c.charCodeAt(0));
    const bits = new Uint8Array(
      await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt: saltBytes, iterations: 1000 }, key, 256),
    );
    const old = { hash: btoa(String.fromCharCode(...bits)), algo: "pbkdf2-sha256", params: JSON.stringify({ iterations: 1000, salt }) };
    expect(await verifyPassword("correct horse", PEPPER, old)).toEqual({ ok: true, needsRehash: true });
    expect(await verifyPassword("wrong", PEPPER, old)).toEqual({ ok: false, needsRehash: false });
  });

  test("an unknown algorithm or missing hash never verifies", async () => {
    const stored = await hashPassword("correct horse", PEPPER);
    expect((await verifyPassword("correct horse", PEPPER, { ...stored, algo: "bcrypt" })).ok).toBe(false);
    expect((await verifyPassword("correct horse", PEPPER, { ...stored, params: null })).ok).toBe(false);
    expect((await verifyPassword("correct horse", PEPPER, { ...stored, params: "not json" })).ok).toBe(false);
  });
});
