import { expect, test } from "vitest";
import { renamedFor, scaledSize } from "./image-downscale";

test("a photo whose longest side is over 2000 px is drawn at 2000 px on that side, keeping its shape", () => {
  expect(scaledSize(4000, 3000)).toEqual({ width: 2000, height: 1500 });
  expect(scaledSize(3000, 6000)).toEqual({ width: 1000, height: 2000 });
  expect(scaledSize(2001, 1)).toEqual({ width: 2000, height: 1 });
});

test("a photo that already fits is left alone", () => {
  expect(scaledSize(2000, 2000)).toBeNull();
  expect(scaledSize(180, 240)).toBeNull();
  expect(scaledSize(0, 0)).toBeNull();
});

test("a re-encoded photo gets the extension of its new type", () => {
  expect(renamedFor("IMG_0001.HEIC.png", "image/jpeg")).toBe("IMG_0001.HEIC.jpg");
  expect(renamedFor("racquet.webp", "image/png")).toBe("racquet.png");
  expect(renamedFor("noext", "image/jpeg")).toBe("noext.jpg");
});
