// Flat illustrations of sports gear for the demo listings (ADR 020): one drawing per kind
// of item — a bat, a stick, skates, a helmet, a racquet… — in a few colour variants on a light
// background, drawn with ./raster.ts. `illustrationFor(sport, type)` picks the drawing for an
// equipment type; every type of app/shared/catalog has one (seed.test.ts checks).
import type { SportKey } from "#db/schema";
import {
  box,
  Canvas,
  circle,
  ellipse,
  intersect,
  line,
  mix,
  move,
  polygon,
  rotate,
  stroke,
  subtract,
  taper,
  union,
  type Paint,
  type Shape,
} from "./raster";

export type Variant = { main: string; accent: string; background: string };

/** Colour variants: a main colour, an accent and a pale background each. */
export const VARIANTS: readonly Variant[] = [
  { main: "#D62839", accent: "#1D3557", background: "#F4F1EA" },
  { main: "#1F6FB2", accent: "#F4A300", background: "#EAF1F7" },
  { main: "#2A9D5B", accent: "#264653", background: "#EEF5EC" },
];

const INK = "#263238";
const WHITE = "#FFFFFF";
const STEEL = "#B8C4CC";
const LEATHER = "#A8642A";
const WOOD = "#D9A35B";

type Draw = (c: Canvas, v: Variant) => void;

// ── Pieces ───────────────────────────────────────────────────────────────────────────────────

function shadow(c: Canvas, cx = 50, width = 30, y = 64) {
  c.fill(ellipse(cx, y, width, 3.2), "#000000", { alpha: 0.12, soft: 1.5 });
}

function sphere(c: Canvas, cx: number, cy: number, r: number, paint: Paint, marks?: (ball: Shape) => void) {
  const ball = circle(cx, cy, r);
  c.fill(ball, paint);
  marks?.(ball);
  // Roundness: a shade on the lower right, a highlight on the upper left.
  c.fill(subtract(ball, circle(cx - r * 0.18, cy - r * 0.18, r * 0.98)), "#000000", { alpha: 0.16 });
  c.fill(ellipse(cx - r * 0.38, cy - r * 0.42, r * 0.28, r * 0.16), WHITE, { alpha: 0.45, soft: r * 0.08 });
  c.fill(stroke(ball, 0.7), INK);
}

/** Short stitches along an arc of the circle (x0, y0, r0) that lie inside `clip`. */
function stitches(c: Canvas, x0: number, y0: number, r0: number, clip: Shape, paint: Paint) {
  for (let a = 0; a < 360; a += 9) {
    const t = (a * Math.PI) / 180;
    const x = x0 + r0 * Math.cos(t);
    const y = y0 + r0 * Math.sin(t);
    if (clip.d(x, y) > -1.2) continue;
    const nx = Math.cos(t + 0.6) * 1.1;
    const ny = Math.sin(t + 0.6) * 1.1;
    c.fill(line(x - nx, y - ny, x + nx, y + ny, 0.55), paint);
  }
}

// ── Balls ────────────────────────────────────────────────────────────────────────────────────

type BallKind =
  "baseball" | "softball" | "basketball" | "soccer" | "football" | "tennis" | "golf" | "pickleball" | "plain" | "lacrosse" | "hockey-puck";

function ball(kind: BallKind): Draw {
  return (c, v) => {
    shadow(c, 50, 22);
    const cx = 50;
    const cy = 38;
    const r = 22;
    switch (kind) {
      case "baseball":
      case "softball":
        return sphere(c, cx, cy, r, kind === "baseball" ? "#F7F5EF" : "#F2E14C", (b) => {
          for (const side of [-1, 1]) {
            const x0 = cx + side * 30;
            c.fill(intersect(stroke(circle(x0, cy, 22), 0.8), b), "#C1272D");
            stitches(c, x0, cy, 22, b, "#C1272D");
          }
        });
      case "basketball":
        return sphere(c, cx, cy, r, "#E8731E", (b) => {
          const seams = union(
            line(cx, cy - r, cx, cy + r, 1),
            line(cx - r, cy, cx + r, cy, 1),
            stroke(circle(cx - 30, cy, 24), 1),
            stroke(circle(cx + 30, cy, 24), 1),
          );
          c.fill(intersect(seams, b), INK);
        });
      case "soccer":
        return sphere(c, cx, cy, r, WHITE, (b) => {
          const pentagon = (x: number, y: number, size: number, turn: number) =>
            polygon(
              Array.from(
                { length: 5 },
                (_, i) =>
                  [x + size * Math.sin(((i * 72 + turn) * Math.PI) / 180), y - size * Math.cos(((i * 72 + turn) * Math.PI) / 180)] as const,
              ),
            );
          c.fill(pentagon(cx, cy, 7, 0), INK);
          for (let i = 0; i < 5; i++) {
            const t = ((i * 72 + 36) * Math.PI) / 180;
            const px = cx + 19 * Math.sin(t);
            const py = cy - 19 * Math.cos(t);
            c.fill(intersect(pentagon(px, py, 6.5, i * 72 + 36), b), INK);
            c.fill(
              intersect(line(cx + 7 * Math.sin(t), cy - 7 * Math.cos(t), px - 4.5 * Math.sin(t), py + 4.5 * Math.cos(t), 0.8), b),
              INK,
            );
          }
        });
      case "football": {
        const lens = rotate(intersect(circle(cx, cy + 26, 40), circle(cx, cy - 26, 40)), -25, cx, cy);
        c.fill(lens, "#8B4513");
        c.fill(intersect(rotate(union(box(cx - 17, cy, 1.2, 20), box(cx + 17, cy, 1.2, 20)), -25, cx, cy), lens), WHITE);
        c.fill(rotate(line(cx - 8, cy - 2, cx + 8, cy - 2, 1.3), -25, cx, cy), WHITE);
        for (let i = -3; i <= 3; i++) c.fill(rotate(line(cx + i * 2.4, cy - 4.2, cx + i * 2.4, cy + 0.2, 1), -25, cx, cy), WHITE);
        c.fill(subtract(lens, move(lens, -1.5, -1.5)), "#000000", { alpha: 0.18 });
        return c.fill(stroke(lens, 0.7), INK);
      }
      case "tennis":
        return sphere(c, cx, cy, r, "#D7E64A", (b) => {
          for (const side of [-1, 1]) c.fill(intersect(stroke(circle(cx + side * 30, cy, 21), 1.8), b), WHITE);
        });
      case "pickleball":
        return sphere(c, cx, cy, r, "#F2E14C", () => {
          for (const [dx, dy] of [
            [0, 0],
            [-10, -8],
            [10, -8],
            [-10, 8],
            [10, 8],
            [0, -15],
            [0, 15],
            [-17, 0],
            [17, 0],
          ] as const) {
            c.fill(circle(cx + dx, cy + dy, 2.4), "#9A8F1E");
          }
        });
      case "golf":
        for (const [dx, dy, rr] of [
          [-12, 8, 11],
          [12, 8, 11],
          [0, -10, 11],
        ] as const) {
          sphere(c, cx + dx, cy + dy, rr, WHITE, () => {
            for (let i = 0; i < 14; i++) c.fill(circle(cx + dx + ((i * 37) % 15) - 7, cy + dy + ((i * 23) % 15) - 7, 0.9), "#D5D8DC");
          });
        }
        return;
      case "lacrosse":
        return sphere(c, cx, cy, 16, v.accent === "#F4A300" ? "#F28C28" : WHITE);
      case "hockey-puck": {
        const side = union(box(cx, cy + 4, 18, 4), ellipse(cx, cy + 8, 18, 5));
        c.draw(side, "#1E1E1E");
        return c.draw(ellipse(cx, cy, 18, 5), "#333333");
      }
      default:
        return sphere(c, cx, cy, r, v.main, (b) => c.fill(intersect(stroke(circle(cx, cy + 30, 26), 1.2), b), WHITE));
    }
  };
}

// ── Bats, sticks, clubs, racquets, paddles ───────────────────────────────────────────────────

const bat: Draw = (c, v) => {
  shadow(c, 50, 36);
  const body = rotate(
    union(taper(14, 38, 56, 38, 3, 3.4), taper(56, 38, 84, 38, 3.4, 8.4), circle(84, 38, 4.2), ellipse(13.5, 38, 1.6, 3.4)),
    -24,
    50,
    38,
  );
  c.draw(body, v.accent === "#F4A300" ? STEEL : WOOD);
  c.fill(rotate(box(24, 38, 9, 1.8), -24, 50, 38), INK);
  c.fill(rotate(box(66, 38, 5, 2.2, 1), -24, 50, 38), v.main);
};

function stick(kind: "ice" | "field" | "lacrosse" | "lacrosse-head" | "lacrosse-shaft"): Draw {
  return (c, v) => {
    shadow(c, 50, 32);
    if (kind === "field") {
      c.draw(taper(58, 4, 42, 56, 3, 3.6), WOOD);
      c.draw(union(stroke(intersect(circle(48, 56, 6.5), box(48, 60, 7, 4)), 3.6), line(41.5, 55, 42, 56, 3.6)), v.main);
      c.fill(line(56.5, 10, 52, 24, 3.3), INK);
      return;
    }
    if (kind === "ice") {
      const blade = polygon([
        [52, 57],
        [80, 59],
        [83, 62],
        [80, 65],
        [50, 64.5],
        [48, 60],
      ]);
      c.draw(union(line(30, 4, 53, 61, 3.4), blade), v.main);
      c.fill(line(31, 6, 36, 19, 3), INK);
      c.fill(intersect(blade, box(67, 61, 9, 5)), WHITE, { alpha: 0.9 });
      for (let x = 60; x < 76; x += 2.4) c.fill(intersect(line(x, 57, x - 1, 66, 0.3), blade), STEEL);
      return;
    }
    const cx = 62;
    const cy = 22;
    if (kind !== "lacrosse-head")
      c.draw(
        line(kind === "lacrosse-shaft" ? 40 : 20, 68, kind === "lacrosse-shaft" ? 70 : 55, kind === "lacrosse-shaft" ? 6 : 35, 2.8),
        kind === "lacrosse-shaft" ? STEEL : INK,
      );
    if (kind === "lacrosse-shaft") return;
    const head = rotate(union(ellipse(cx, cy, 10, 15), ellipse(cx, cy + 13, 4, 6)), 35, cx, cy + 6);
    const inner = rotate(ellipse(cx, cy, 7.6, 12.6), 35, cx, cy + 6);
    c.fill(stroke(head, 2.2), v.main);
    for (let i = -16; i <= 16; i += 3) {
      c.fill(intersect(line(cx + i - 10, cy - 16, cx + i + 10, cy + 22, 0.4), inner), "#ECEFF1");
      c.fill(intersect(line(cx + i + 10, cy - 16, cx + i - 10, cy + 22, 0.4), inner), "#ECEFF1");
    }
  };
}

function golfClub(kind: "driver" | "iron" | "putter" | "wedge" | "hybrid"): Draw {
  return (c, v) => {
    shadow(c, 50, 28);
    c.draw(line(30, 4, 56, 56, 1.4), STEEL, INK, 0.5);
    c.fill(line(30, 4, 35, 14, 2.6), INK);
    let head: Shape;
    if (kind === "driver" || kind === "hybrid") {
      const size = kind === "driver" ? 1 : 0.75;
      head = union(ellipse(62, 58, 10 * size, 6 * size), box(54, 57, 3, 2, 1));
      c.draw(head, kind === "driver" ? "#2B2D42" : v.accent);
      c.fill(ellipse(63, 56, 6 * size, 2 * size), WHITE, { alpha: 0.25 });
    } else if (kind === "putter") {
      head = box(63, 58, 11, 3, 1.2);
      c.draw(union(head, line(55, 56, 57, 58, 2)), STEEL);
      c.fill(line(60, 56.5, 68, 56.5, 0.6), v.main);
    } else {
      head = polygon([
        [52, 54],
        [57, 53.5],
        [70, 58],
        [71, 63],
        [64, 65],
        [55, 61],
      ]);
      c.draw(head, "#D0D7DC");
      for (let i = 0; i < 4; i++) c.fill(line(58 + i * 0.3, 57 + i * 1.6, 67 + i * 0.3, 59.5 + i * 1.6, 0.35), "#8A969E");
    }
  };
}

function racquet(kind: "tennis" | "squash" | "racquetball"): Draw {
  return (c, v) => {
    shadow(c, 50, 30);
    const [rx, ry, handle] = kind === "tennis" ? [12.5, 16.5, 20] : kind === "squash" ? [10, 13.5, 24] : [13, 15, 11];
    const cx = 50;
    const cy = 24;
    const head = ellipse(cx, cy, rx, ry);
    const inner = ellipse(cx, cy, rx - 2, ry - 2);
    const turn = (s: Shape) => rotate(s, 32, 50, 40);
    for (let i = -rx; i <= rx; i += 2.2) c.fill(turn(intersect(box(cx + i, cy, 0.18, ry), inner)), "#E8E8E8");
    for (let j = -ry; j <= ry; j += 2.2) c.fill(turn(intersect(box(cx, cy + j, rx, 0.18), inner)), "#E8E8E8");
    c.fill(turn(stroke(head, 2.6)), v.main);
    c.fill(turn(stroke(head, 3.3)), INK, { alpha: 0.2 });
    const throat = cy + ry;
    c.draw(turn(union(line(cx - 4, throat - 3, cx, throat + 6, 2), line(cx + 4, throat - 3, cx, throat + 6, 2))), v.main);
    c.draw(turn(box(cx, throat + 6 + handle / 2, 2, handle / 2, 1)), kind === "racquetball" ? v.accent : INK, INK, 0.5);
    c.fill(turn(line(cx - 2, throat + 10, cx + 2, throat + 12, 0.4)), WHITE, { alpha: 0.5 });
  };
}

function paddle(kind: "pickleball" | "platform"): Draw {
  return (c, v) => {
    shadow(c, 50, 28);
    const turn = (s: Shape) => rotate(s, 25, 50, 38);
    const face = kind === "pickleball" ? box(50, 28, 14, 17, 7) : box(50, 28, 13, 16, 9);
    c.draw(turn(face), v.main);
    c.fill(turn(stroke(face, 1.6)), INK);
    if (kind === "platform")
      for (const [dx, dy] of [
        [-5, -6],
        [0, -6],
        [5, -6],
        [-5, 0],
        [0, 0],
        [5, 0],
        [-5, 6],
        [0, 6],
        [5, 6],
      ] as const)
        c.fill(turn(circle(50 + dx, 28 + dy, 1.3)), "#ECEFF1");
    else c.fill(turn(box(50, 24, 9, 3, 1.5)), v.accent);
    c.draw(turn(box(50, 52, 2.6, 8, 1.2)), INK);
  };
}

// ── Protective gear ──────────────────────────────────────────────────────────────────────────

function helmet(kind: "batting" | "football" | "hockey" | "bike" | "ski" | "lacrosse" | "catcher"): Draw {
  return (c, v) => {
    shadow(c, 50, 26);
    const cx = 48;
    const cy = 38;
    if (kind === "catcher") {
      const frame = box(cx, cy, 15, 18, 8);
      c.draw(frame, v.main);
      c.fill(box(cx, cy + 2, 11, 12, 5), v.background);
      for (let i = -8; i <= 8; i += 4) c.fill(line(cx + i, cy - 10, cx + i, cy + 14, 1.6), "#37474F");
      for (let j = -6; j <= 12; j += 6) c.fill(line(cx - 11, cy + j, cx + 11, cy + j, 1.6), "#37474F");
      c.fill(box(cx, cy - 13, 12, 3, 2), INK);
      return;
    }
    let shell = intersect(circle(cx, cy, 21), box(cx, cy - 4, 22, 18));
    if (kind === "bike") shell = intersect(ellipse(cx, cy + 2, 25, 19), box(cx, cy - 6, 26, 15));
    if (kind === "batting")
      shell = union(
        shell,
        polygon([
          [cx + 10, cy + 10],
          [cx + 28, cy + 12],
          [cx + 26, cy + 15],
          [cx + 8, cy + 14],
        ]),
        box(cx - 4, cy + 14, 8, 6, 3),
      );
    if (kind === "hockey" || kind === "lacrosse" || kind === "football" || kind === "ski")
      shell = union(shell, box(cx - 6, cy + 12, 10, 6, 3));
    c.draw(shell, kind === "ski" ? v.accent : v.main);
    c.fill(intersect(ellipse(cx - 6, cy - 12, 10, 4), shell), WHITE, { alpha: 0.3 });
    if (kind === "batting") c.fill(circle(cx - 4, cy + 14, 2.3), INK);
    else c.fill(circle(cx - 6, cy + 11, 2), INK, { alpha: 0.7 });
    if (kind === "bike") {
      for (const x of [-12, -3, 6, 15]) c.fill(intersect(box(cx + x, cy - 8, 2.2, 6, 1), shell), INK);
      c.fill(line(cx - 8, cy + 14, cx + 6, cy + 22, 1), INK);
    }
    if (kind === "ski") {
      c.draw(box(cx + 12, cy + 2, 10, 5, 3), "#FFB703");
      c.fill(box(cx + 12, cy + 2, 8, 3, 2), "#5E60CE", { alpha: 0.8 });
    }
    if (kind === "football" || kind === "hockey" || kind === "lacrosse") {
      const bars =
        kind === "football"
          ? union(
              line(cx + 16, cy + 2, cx + 28, cy + 4, 1.6),
              line(cx + 16, cy + 10, cx + 28, cy + 10, 1.6),
              line(cx + 27, cy + 3, cx + 26, cy + 18, 1.6),
              line(cx + 14, cy + 17, cx + 26, cy + 17, 1.6),
            )
          : union(
              line(cx + 18, cy - 2, cx + 27, cy + 2, 1),
              line(cx + 27, cy + 2, cx + 25, cy + 20, 1),
              line(cx + 12, cy + 20, cx + 25, cy + 20, 1),
              ...[0, 1, 2, 3].map((i) => line(cx + 18 + i * 2.2, cy - 1 + i, cx + 16 + i * 2.2, cy + 20, 0.7)),
              ...[6, 12].map((j) => line(cx + 18, cy + j, cx + 26, cy + j, 0.7)),
            );
      c.fill(bars, kind === "football" ? "#ECEFF1" : STEEL);
      c.fill(stroke(bars, 0.4), INK);
    }
  };
}

function pads(kind: "shin" | "shoulder" | "elbow" | "mouthguard" | "chest"): Draw {
  return (c, v) => {
    shadow(c, 50, 26);
    if (kind === "shin") {
      for (const dx of [-11, 11]) {
        const guard = union(box(50 + dx, 30, 8, 17, 7), ellipse(50 + dx, 50, 6, 7));
        c.draw(guard, v.main);
        c.fill(box(50 + dx, 28, 4, 11, 3), v.accent, { alpha: 0.9 });
        c.fill(box(50 + dx, 51, 5.5, 3, 1.5), WHITE, { alpha: 0.8 });
      }
      return;
    }
    if (kind === "shoulder" || kind === "chest") {
      const body = union(
        polygon([
          [33, 26],
          [67, 26],
          [72, 50],
          [28, 50],
        ]),
        ellipse(31, 30, 10, 9),
        ellipse(69, 30, 10, 9),
      );
      c.draw(subtract(body, ellipse(50, 22, 8, 6)), kind === "chest" ? "#37474F" : WHITE);
      c.draw(ellipse(31, 30, 9, 8), v.main);
      c.draw(ellipse(69, 30, 9, 8), v.main);
      c.fill(line(50, 30, 50, 49, 0.8), INK);
      return;
    }
    if (kind === "elbow") {
      for (const dx of [-12, 12]) {
        c.draw(box(50 + dx, 38, 8, 15, 7), INK);
        c.draw(ellipse(50 + dx, 34, 6, 7), v.main);
      }
      return;
    }
    const arch = subtract(ellipse(50, 40, 20, 16), ellipse(50, 44, 12, 9));
    c.draw(intersect(arch, box(50, 40, 22, 12)), v.main);
  };
}

// ── Hands and feet ───────────────────────────────────────────────────────────────────────────

const mitt: Draw = (c) => {
  shadow(c, 50, 24);
  const body = union(
    ellipse(52, 40, 17, 19),
    ...[0, 1, 2, 3].map((i) => line(44 + i * 5, 24, 43 + i * 6, 10 + Math.abs(i - 1.5) * 2, 6)),
    line(36, 42, 27, 26, 7),
  );
  c.draw(body, LEATHER);
  c.fill(ellipse(54, 44, 10, 11), "#8A4F1E");
  for (let i = 0; i < 3; i++) c.fill(line(29 + i * 2, 26 + i * 2, 40 - i, 18 + i * 3, 0.7), "#5D3414");
  for (let i = 0; i < 4; i++) c.fill(line(46 + i * 5, 15, 46 + i * 5, 26, 0.5), "#5D3414");
  c.fill(box(52, 57, 12, 3, 1.5), "#5D3414");
};

function glove(kind: "batting" | "hockey" | "keeper" | "winter" | "mitten" | "field"): Draw {
  return (c, v) => {
    shadow(c, 50, 22);
    const chunky = kind === "hockey" || kind === "keeper" ? 1.4 : 1;
    const palm = box(50, 40, 11 * chunky, 12, 5);
    const fingers =
      kind === "mitten"
        ? [ellipse(50, 25, 11, 13)]
        : [0, 1, 2, 3].map((i) =>
            line(50 - 7.5 * chunky + i * 5 * chunky, 32, 50 - 7.5 * chunky + i * 5 * chunky, 14 + Math.abs(i - 1.3) * 3, 4.6 * chunky),
          );
    const thumb = line(50 - 10 * chunky, 42, 50 - 19 * chunky, 30, 5 * chunky);
    const cuff = box(50, 57, 11 * chunky, 6, 2);
    const hand = union(palm, thumb, ...fingers);
    c.draw(hand, kind === "winter" || kind === "mitten" ? v.main : kind === "batting" ? WHITE : v.main);
    if (kind === "hockey") for (const f of fingers) c.fill(intersect(stroke(f, 0.6), box(50, 22, 20, 8)), INK, { alpha: 0.5 });
    if (kind === "keeper") c.fill(intersect(box(50, 36, 14, 6), hand), WHITE, { alpha: 0.85 });
    if (kind === "batting") c.fill(intersect(box(50, 44, 11, 4), hand), v.main);
    c.draw(cuff, kind === "hockey" ? v.accent : INK);
  };
}

function shoe(kind: "low" | "cleat" | "boot" | "ski-boot" | "snow-boot" | "indoor"): Draw {
  return (c, v) => {
    shadow(c, 50, 30, 60);
    if (kind === "ski-boot" || kind === "snow-boot") {
      const shell = polygon([
        [32, 12],
        [58, 10],
        [60, 34],
        [76, 44],
        [78, 56],
        [28, 56],
        [30, 32],
      ]);
      c.draw(shell, kind === "ski-boot" ? v.main : "#37474F");
      c.draw(box(53, 58, 27, 3, 1), INK);
      if (kind === "ski-boot") for (const y of [20, 30, 42]) c.draw(box(y > 35 ? 62 : 58, y, 5, 1.8, 0.8), STEEL);
      else for (let y = 16; y < 42; y += 5) c.fill(line(46, y, 56, y + 1, 1), v.main);
      return;
    }
    const tall = kind === "boot";
    const upper = tall
      ? polygon([
          [28, 20],
          [50, 18],
          [56, 36],
          [72, 40],
          [80, 48],
          [80, 55],
          [26, 55],
        ])
      : polygon([
          [24, 38],
          [44, 32],
          [58, 38],
          [74, 42],
          [82, 50],
          [81, 55],
          [22, 55],
        ]);
    c.draw(upper, tall ? "#8D6E63" : v.main);
    c.draw(box(51, 56.5, 30, 2.6, 1.3), tall ? INK : WHITE);
    if (!tall) c.fill(intersect(union(stroke(circle(40, 62, 18), 2.2)), upper), WHITE, { alpha: 0.9 });
    for (let i = 0; i < 4; i++)
      c.fill(
        line(
          tall ? 42 + i * 3 : 46 + i * 3.4,
          tall ? 24 + i * 4 : 37 + i * 1.2,
          tall ? 50 + i * 3 : 52 + i * 3.4,
          tall ? 24 + i * 4 : 38 + i * 1.2,
          1,
        ),
        tall ? "#FFD166" : v.background,
      );
    if (kind === "cleat") for (const x of [28, 36, 58, 66, 74]) c.fill(box(x, 60.5, 1.6, 1.8, 0.5), INK);
    if (tall) c.fill(box(51, 58.5, 29, 1.2), INK);
    if (kind === "indoor") c.fill(box(51, 58, 30, 1.2), "#C8A165");
  };
}

function skate(kind: "ice" | "figure" | "inline" | "roller" | "blades" | "guards"): Draw {
  return (c, v) => {
    shadow(c, 50, 30, 64);
    if (kind === "blades" || kind === "guards") {
      for (const dy of [-8, 8]) {
        const blade = union(box(50, 38 + dy, 30, 2.2, 1.5), ellipse(78, 37 + dy, 4, 3));
        c.draw(blade, kind === "guards" ? (dy < 0 ? v.main : v.accent) : STEEL);
      }
      return;
    }
    const figure = kind === "figure";
    const boot = polygon([
      [30, 8],
      [52, 8],
      [54, 30],
      [70, 34],
      [78, 40],
      [78, 48],
      [28, 48],
      [30, 28],
    ]);
    c.draw(boot, figure ? WHITE : kind === "roller" ? v.main : INK);
    c.fill(
      polygon([
        [52, 8],
        [58, 6],
        [58, 26],
        [54, 30],
      ]),
      figure ? "#F1F3F5" : v.main,
    );
    for (let i = 0; i < 5; i++) c.fill(line(44, 14 + i * 5, 54, 15 + i * 5, 1), figure ? "#90A4AE" : WHITE);
    c.fill(box(53, 48, 26, 1.5), INK);
    if (kind === "ice" || figure) {
      c.draw(
        polygon([
          [32, 49],
          [74, 49],
          [70, 54],
          [36, 54],
        ]),
        figure ? STEEL : v.main,
      );
      c.draw(union(box(53, 56, 25, 1.6, 1.4), ellipse(78, 55, 2.5, 2)), STEEL);
      if (figure)
        c.fill(
          polygon([
            [74, 54],
            [78, 57],
            [74, 58],
          ]),
          STEEL,
        );
      return;
    }
    if (kind === "inline") {
      c.draw(box(53, 51, 24, 2.5, 1), STEEL);
      for (const x of [34, 46, 58, 70]) {
        c.draw(circle(x, 57, 5.2), v.main);
        c.fill(circle(x, 57, 1.6), "#ECEFF1");
      }
      return;
    }
    for (const x of [36, 70]) {
      c.draw(circle(x, 56, 6), v.accent);
      c.fill(circle(x, 56, 2), "#ECEFF1");
    }
    c.draw(circle(80, 50, 3), "#C62828");
  };
}

// ── Clothes and bags ─────────────────────────────────────────────────────────────────────────

function shirt(kind: "jersey" | "long" | "jacket" | "dress" | "uniform"): Draw {
  return (c, v) => {
    shadow(c, 50, 26);
    if (kind === "dress") {
      const dress = union(
        polygon([
          [42, 8],
          [58, 8],
          [60, 30],
          [40, 30],
        ]),
        polygon([
          [40, 30],
          [60, 30],
          [74, 60],
          [26, 60],
        ]),
      );
      c.draw(dress, v.main);
      c.fill(box(50, 30, 10, 1.4), WHITE, { alpha: 0.8 });
      for (let i = 0; i < 6; i++) c.fill(circle(44 + i * 2.4, 16 + ((i * 7) % 8), 0.8), WHITE, { alpha: 0.8 });
      return;
    }
    const sleeves =
      kind === "jersey" || kind === "uniform"
        ? [
            [
              [36, 10],
              [22, 18],
              [16, 30],
              [26, 34],
              [36, 26],
            ],
            [
              [64, 10],
              [78, 18],
              [84, 30],
              [74, 34],
              [64, 26],
            ],
          ]
        : [
            [
              [36, 10],
              [22, 18],
              [14, 56],
              [23, 58],
              [36, 26],
            ],
            [
              [64, 10],
              [78, 18],
              [86, 56],
              [77, 58],
              [64, 26],
            ],
          ];
    const body = polygon([
      [36, 10],
      [44, 8],
      [56, 8],
      [64, 10],
      [66, 60],
      [34, 60],
    ]);
    const all = union(body, ...sleeves.map((s) => polygon(s as [number, number][])));
    c.draw(all, kind === "jacket" ? v.accent : v.main);
    c.fill(
      subtract(
        polygon([
          [44, 7.5],
          [56, 7.5],
          [50, 16],
        ]),
        box(0, 0, 0, 0),
      ),
      v.background,
    );
    c.fill(
      stroke(
        polygon([
          [44, 8],
          [56, 8],
          [50, 16],
        ]),
        1,
      ),
      kind === "jacket" ? v.main : WHITE,
    );
    if (kind === "jacket") c.fill(line(50, 16, 50, 60, 0.8), STEEL);
    if (kind === "jersey" || kind === "uniform") {
      // A big number "1" on the front and stripes on the sleeves.
      c.draw(
        polygon([
          [48, 22],
          [53, 20],
          [53, 44],
          [56, 44],
          [56, 48],
          [45, 48],
          [45, 44],
          [48, 44],
          [48, 27],
          [45, 28],
          [45, 24],
        ]),
        WHITE,
        INK,
        0.5,
      );
      for (const s of sleeves)
        c.fill(intersect(polygon(s as [number, number][]), union(line(14, 27, 38, 20, 2), line(62, 20, 86, 27, 2))), WHITE);
    }
    if (kind === "long") c.fill(box(50, 34, 16, 2), v.accent);
  };
}

function legwear(kind: "shorts" | "pants" | "socks" | "tights"): Draw {
  return (c, v) => {
    shadow(c, 50, 24);
    if (kind === "socks") {
      for (const dx of [-9, 9]) {
        const sock = union(box(46 + dx, 26, 6, 16, 2), line(46 + dx, 42, 58 + dx, 48, 12));
        c.draw(sock, WHITE);
        for (const y of [16, 21]) c.fill(intersect(box(46 + dx, y, 6, 1.3), sock), v.main);
      }
      return;
    }
    const long = kind !== "shorts";
    const shape = polygon(
      long
        ? [
            [34, 8],
            [66, 8],
            [70, 62],
            [56, 62],
            [50, 24],
            [44, 62],
            [30, 62],
          ]
        : [
            [30, 14],
            [70, 14],
            [76, 50],
            [54, 50],
            [50, 32],
            [46, 50],
            [24, 50],
          ],
    );
    c.draw(shape, kind === "tights" ? INK : v.main);
    c.fill(box(50, long ? 10 : 16, long ? 16 : 20, 2), v.accent);
    if (kind !== "tights")
      c.fill(
        intersect(union(line(long ? 34 : 29, 12, long ? 31 : 25, 62, 1.4), line(long ? 66 : 71, 12, long ? 69 : 75, 62, 1.4)), shape),
        WHITE,
      );
  };
}

function bag(kind: "duffel" | "backpack" | "golf" | "stick-bag"): Draw {
  return (c, v) => {
    shadow(c, 50, 30);
    if (kind === "backpack") {
      c.draw(stroke(box(50, 14, 6, 5, 4), 1.6), INK);
      c.draw(box(50, 36, 16, 22, 7), v.main);
      c.draw(box(50, 46, 12, 9, 4), v.accent);
      c.fill(line(40, 40, 60, 40, 0.6), STEEL);
      c.fill(line(36, 20, 64, 20, 0.5), STEEL);
      return;
    }
    if (kind === "golf") {
      for (const [x, angle] of [
        [42, -18],
        [48, -6],
        [55, 8],
      ] as const)
        c.draw(rotate(union(line(50, 4, 50, 20, 1.2), box(50, 4, 4, 2.2, 1)), angle, x, 20), STEEL);
      const body = box(50, 40, 11, 22, 4);
      c.draw(body, v.main);
      c.fill(box(50, 20, 12, 3, 1.5), INK);
      c.fill(box(54, 42, 5, 10, 2), v.accent);
      c.fill(box(50, 60, 11, 2, 1), INK);
      return;
    }
    const long = kind === "stick-bag";
    c.draw(stroke(intersect(ellipse(50, 30, long ? 22 : 15, 12), box(50, 24, 30, 6)), 1.8), INK);
    const body = union(box(50, 42, long ? 36 : 26, 12, 10));
    c.draw(body, v.main);
    c.fill(intersect(box(50, 33, long ? 30 : 22, 1.2), body), INK);
    c.fill(intersect(box(50, 47, long ? 28 : 18, 4, 2), body), v.accent);
    c.draw(circle(long ? 16 : 26, 42, 4), v.accent);
  };
}

// ── Bikes, winter, camp, fitness, goals ──────────────────────────────────────────────────────

function bike(kind: "road" | "mountain" | "kids" | "electric" | "hybrid" | "stationary" | "trainer"): Draw {
  return (c, v) => {
    shadow(c, 50, 38, 64);
    const r = kind === "kids" ? 11 : 14;
    const [bx, fx, wy] = kind === "kids" ? [32, 68, 52] : [27, 73, 48];
    const tyre = kind === "mountain" ? 2.8 : 1.8;
    if (kind !== "stationary") {
      for (const x of kind === "trainer" ? [bx] : [bx, fx]) {
        c.fill(stroke(circle(x, wy, r), tyre), INK);
        for (let a = 0; a < 180; a += 30) {
          const t = (a * Math.PI) / 180;
          c.fill(line(x - Math.cos(t) * r, wy - Math.sin(t) * r, x + Math.cos(t) * r, wy + Math.sin(t) * r, 0.3), "#90A4AE");
        }
        c.fill(circle(x, wy, 1.4), STEEL);
      }
    } else {
      c.draw(box(50, 60, 26, 2, 1), INK);
      c.draw(circle(66, 46, 9), STEEL);
    }
    const crank = [48, wy] as const;
    const seat = [42, wy - 24] as const;
    const head = [fx - 8, wy - 22] as const;
    const frame = union(
      line(crank[0], crank[1], seat[0], seat[1], 2.4),
      line(seat[0], seat[1], head[0], head[1], 2.4),
      line(crank[0], crank[1], head[0], head[1] + 3, 2.6),
      ...(kind === "stationary"
        ? [line(crank[0], crank[1], 30, 60, 2.4), line(crank[0], crank[1], 66, 46, 2.4)]
        : [line(crank[0], crank[1], bx, wy, 2), line(seat[0], seat[1], bx, wy, 2), line(head[0], head[1], fx, wy, 2.2)]),
    );
    c.draw(frame, v.main, INK, 0.5);
    c.draw(box(seat[0] - 1, seat[1] - 2.5, 5, 1.4, 1), INK);
    c.fill(line(head[0], head[1], head[0] - 1, head[1] - 6, 1.6), INK);
    if (kind === "road") c.fill(stroke(intersect(circle(head[0] + 2, head[1] - 3, 3.6), box(head[0] + 5, head[1] - 3, 3, 5)), 1.4), INK);
    else c.fill(line(head[0] - 4, head[1] - 7, head[0] + 3, head[1] - 6, 1.6), INK);
    c.draw(circle(crank[0], crank[1], 3), STEEL);
    if (kind === "electric") c.draw(rotate(box(56, wy - 9, 6, 2.6, 1.2), -45, 56, wy - 9), v.accent);
    if (kind === "trainer")
      c.draw(
        polygon([
          [18, 62],
          [36, 62],
          [30, 50],
        ]),
        STEEL,
      );
  };
}

function winter(kind: "skis" | "poles" | "snowboard" | "bindings" | "goggles" | "eyewear"): Draw {
  return (c, v) => {
    shadow(c, 50, 34);
    if (kind === "skis") {
      for (const dx of [-6, 6]) {
        const ski = rotate(union(box(50 + dx, 40, 2.6, 26, 1.5), rotate(box(50 + dx, 13, 2.6, 3, 1.5), -20, 50 + dx, 16)), 18, 50, 40);
        c.draw(ski, dx < 0 ? v.main : v.accent);
        c.draw(rotate(box(50 + dx, 42, 3.4, 4, 1), 18, 50, 40), INK);
      }
      return;
    }
    if (kind === "poles") {
      for (const angle of [-14, 14]) {
        c.draw(rotate(union(line(50, 6, 50, 62, 1.4), box(50, 10, 1.8, 5, 1)), angle, 50, 40), STEEL);
        c.draw(rotate(stroke(circle(50, 56, 3.4), 1), angle, 50, 40), v.main);
      }
      return;
    }
    if (kind === "snowboard" || kind === "bindings") {
      const board = rotate(box(50, 38, 34, 8, 8), -15, 50, 38);
      if (kind === "snowboard") {
        c.draw(board, v.main);
        c.fill(intersect(rotate(box(50, 38, 34, 2.5), -15, 50, 38), board), v.accent);
      }
      for (const dx of kind === "snowboard" ? [-14, 14] : [-10, 10]) {
        const at =
          kind === "snowboard"
            ? rotate(move(box(50, 38, 3.5, 6, 1.5), dx, 0), -15, 50, 38)
            : union(box(50 + dx, 48, 6, 3, 1.5), box(50 + dx - 4, 34, 2.5, 12, 2));
        c.draw(at, INK);
        if (kind === "bindings") c.fill(box(50 + dx + 1, 40, 5, 1.2), v.main);
      }
      return;
    }
    if (kind === "eyewear") {
      for (const dx of [-10, 10]) c.draw(ellipse(50 + dx, 38, 8, 6.5), "#B3E5FC");
      c.fill(stroke(intersect(circle(50, 40, 4), box(50, 36, 4, 3)), 1.2), INK);
      c.fill(union(line(42 - 8, 36, 24, 34, 1.2), line(58 + 8, 36, 76, 34, 1.2)), INK);
      return;
    }
    c.fill(box(50, 38, 34, 3, 1.5), v.accent);
    const frame = box(50, 38, 22, 10, 8);
    c.draw(frame, INK);
    const lens = box(50, 38, 19.5, 7.5, 6);
    c.fill(lens, v.main);
    c.fill(
      intersect(
        lens,
        polygon([
          [28, 46],
          [46, 30],
          [56, 30],
          [38, 46],
        ]),
      ),
      WHITE,
      { alpha: 0.35 },
    );
    c.fill(intersect(lens, box(50, 44, 20, 2)), "#000000", { alpha: 0.2 });
  };
}

function camp(kind: "tent" | "sleeping-bag" | "pad" | "stove" | "lantern" | "cooler" | "chair" | "bottle"): Draw {
  return (c, v) => {
    shadow(c, 50, 32, 62);
    switch (kind) {
      case "tent":
        c.draw(
          polygon([
            [18, 60],
            [50, 12],
            [82, 60],
          ]),
          v.main,
        );
        c.fill(
          polygon([
            [50, 12],
            [82, 60],
            [66, 60],
          ]),
          "#000000",
          { alpha: 0.15 },
        );
        c.draw(
          polygon([
            [40, 60],
            [50, 30],
            [60, 60],
          ]),
          v.accent,
        );
        c.fill(union(line(18, 60, 10, 64, 0.4), line(82, 60, 90, 64, 0.4)), INK);
        return;
      case "sleeping-bag":
        c.draw(rotate(box(50, 38, 14, 24, 10), 60, 50, 40), v.main);
        c.draw(rotate(ellipse(50, 18, 9, 6), 60, 50, 40), v.accent);
        c.fill(rotate(line(57, 20, 57, 60, 0.6), 60, 50, 40), STEEL);
        return;
      case "pad":
        c.draw(box(54, 50, 26, 4, 2), v.main);
        c.draw(box(40, 38, 12, 10, 2), v.main);
        c.draw(ellipse(28, 38, 4, 10), v.accent);
        c.fill(stroke(ellipse(28, 38, 2.2, 6), 0.5), INK);
        return;
      case "stove":
        c.draw(box(50, 54, 14, 5, 2), STEEL);
        c.fill(
          polygon([
            [42, 49],
            [46, 42],
            [50, 48],
            [54, 41],
            [58, 49],
          ]),
          "#4FC3F7",
        );
        c.draw(box(50, 33, 16, 9, 3), v.main);
        c.draw(line(64, 28, 78, 24, 2), INK);
        return;
      case "lantern":
        c.draw(stroke(intersect(circle(50, 16, 8), box(50, 12, 9, 5)), 1.4), INK);
        c.draw(box(50, 20, 9, 3, 1.5), v.main);
        c.fill(box(50, 36, 8, 13, 3), "#FFE082");
        c.fill(ellipse(50, 36, 5, 9), WHITE, { alpha: 0.7, soft: 2 });
        c.fill(stroke(box(50, 36, 8, 13, 3), 0.7), INK);
        c.draw(box(50, 53, 10, 4, 1.5), v.main);
        return;
      case "cooler":
        c.draw(box(50, 44, 24, 14, 3), v.main);
        c.draw(box(50, 28, 25, 4, 2), WHITE);
        c.fill(box(50, 40, 6, 1.6, 0.8), INK);
        c.fill(stroke(intersect(circle(50, 28, 10), box(50, 22, 11, 6)), 1.4), INK);
        return;
      case "chair":
        c.fill(union(line(32, 60, 66, 32, 1.8), line(68, 60, 34, 32, 1.8)), INK);
        c.draw(
          polygon([
            [32, 30],
            [68, 30],
            [64, 40],
            [36, 40],
          ]),
          v.main,
        );
        c.draw(
          polygon([
            [34, 10],
            [66, 10],
            [68, 30],
            [32, 30],
          ]),
          v.main,
        );
        c.fill(box(50, 20, 16, 2), v.accent);
        return;
      case "bottle":
        c.draw(box(50, 38, 10, 22, 4), v.main);
        c.draw(box(50, 13, 6, 4, 1.5), INK);
        c.fill(box(50, 40, 10, 4), WHITE, { alpha: 0.8 });
        return;
    }
  };
}

function fitness(kind: "dumbbell" | "kettlebell" | "plates" | "bench" | "treadmill" | "rower" | "bands" | "yoga" | "rack"): Draw {
  return (c, v) => {
    shadow(c, 50, 34, 62);
    switch (kind) {
      case "dumbbell":
        for (const dy of [0, -16]) {
          c.draw(box(50, 48 + dy, 14, 1.8, 0.8), STEEL);
          for (const dx of [-14, -10, 10, 14])
            c.draw(box(50 + dx, 48 + dy, 2, 7 - Math.abs(Math.abs(dx) - 12), 1), Math.abs(dx) === 14 ? INK : v.main);
        }
        return;
      case "kettlebell":
        c.draw(stroke(intersect(ellipse(50, 26, 11, 11), box(50, 20, 12, 8)), 3), INK);
        c.draw(union(circle(50, 42, 16), box(50, 57, 10, 2, 1)), INK);
        c.fill(box(50, 40, 6, 3, 1), v.main);
        return;
      case "plates":
        for (const [dx, r] of [
          [-8, 20],
          [8, 16],
        ] as const) {
          c.draw(subtract(circle(50 + dx, 38, r), circle(50 + dx, 38, 2.5)), INK);
          c.fill(stroke(circle(50 + dx, 38, r * 0.7), 0.6), "#546E7A");
          c.fill(circle(50 + dx, 38 - r * 0.82, 1), v.main);
        }
        return;
      case "bench":
        c.draw(box(50, 38, 30, 3.4, 2), v.main);
        c.fill(union(line(30, 41, 26, 60, 2.4), line(70, 41, 74, 60, 2.4), line(24, 60, 34, 60, 2), line(66, 60, 76, 60, 2)), INK);
        return;
      case "treadmill":
        c.draw(
          polygon([
            [16, 56],
            [76, 50],
            [80, 56],
            [18, 62],
          ]),
          INK,
        );
        c.fill(
          polygon([
            [22, 55],
            [72, 50.5],
            [74, 53],
            [22, 58],
          ]),
          "#546E7A",
        );
        c.fill(union(line(74, 51, 70, 16, 2), line(70, 16, 56, 26, 1.8)), INK);
        c.draw(box(68, 14, 8, 4, 1.5), v.main);
        return;
      case "rower":
        c.draw(box(50, 54, 34, 1.8, 1), STEEL);
        c.draw(circle(80, 44, 10), v.main);
        c.fill(circle(80, 44, 3), INK);
        c.draw(box(40, 50, 6, 2.4, 1), INK);
        c.fill(union(line(20, 55, 18, 62, 2), line(80, 54, 82, 62, 2)), INK);
        return;
      case "bands":
        [v.main, v.accent, "#F9C74F"].forEach((paint, i) => c.fill(stroke(ellipse(36 + i * 14, 40 - (i % 2) * 6, 12, 16), 3), paint));
        return;
      case "yoga":
        c.draw(
          polygon([
            [20, 58],
            [70, 52],
            [78, 56],
            [28, 62],
          ]),
          v.main,
        );
        c.draw(box(40, 38, 16, 7, 2), v.accent);
        c.draw(ellipse(24, 38, 3, 7), v.accent);
        c.fill(stroke(ellipse(24, 38, 1.5, 4), 0.5), INK);
        return;
      case "rack":
        c.fill(union(line(30, 8, 30, 60, 2.6), line(70, 8, 70, 60, 2.6), line(30, 8, 70, 8, 2.4), line(24, 60, 76, 60, 2.4)), INK);
        c.draw(box(50, 28, 30, 1.2), STEEL);
        for (const x of [22, 78]) c.draw(box(x, 28, 2.4, 9, 1), v.main);
        return;
    }
  };
}

function goal(kind: "soccer" | "court-net" | "hoop" | "rim" | "ball-rack" | "cones" | "ball-machine"): Draw {
  return (c, v) => {
    shadow(c, 50, 36, 63);
    switch (kind) {
      case "soccer": {
        const inside = box(50, 40, 30, 20);
        for (let x = 20; x <= 80; x += 4) c.fill(intersect(line(x, 20, x, 60, 0.35), inside), "#90A4AE");
        for (let y = 20; y <= 60; y += 4) c.fill(intersect(line(20, y, 80, y, 0.35), inside), "#90A4AE");
        c.draw(union(line(20, 20, 80, 20, 2.4), line(20, 20, 20, 60, 2.4), line(80, 20, 80, 60, 2.4)), WHITE);
        return;
      }
      case "court-net": {
        const net = box(50, 44, 32, 8);
        for (let x = 18; x <= 82; x += 2) c.fill(intersect(line(x, 36, x, 52, 0.3), net), INK);
        for (let y = 36; y <= 52; y += 2) c.fill(intersect(line(18, y, 82, y, 0.3), net), INK);
        c.draw(box(50, 36, 32, 1.2), WHITE);
        c.draw(union(box(17, 48, 1.4, 14), box(83, 48, 1.4, 14)), v.main);
        return;
      }
      case "hoop":
      case "rim": {
        if (kind === "hoop") {
          c.draw(line(50, 30, 50, 62, 3), INK);
          c.draw(box(50, 20, 18, 12, 1), WHITE);
          c.fill(stroke(box(50, 23, 7, 5), 0.8), v.main);
        }
        const y = kind === "hoop" ? 33 : 28;
        for (let i = 0; i < 6; i++)
          c.fill(union(line(40 + i * 4, y, 43 + i * 2.5, y + 16, 0.4), line(60 - i * 4, y, 57 - i * 2.5, y + 16, 0.4)), WHITE);
        c.fill(stroke(ellipse(50, y, 11, 2.6), 1.4), "#E8731E");
        return;
      }
      case "ball-rack":
        c.fill(union(line(26, 30, 74, 30, 1.6), line(26, 50, 74, 50, 1.6), line(28, 30, 28, 60, 1.6), line(72, 30, 72, 60, 1.6)), INK);
        for (const [x, y] of [
          [36, 24],
          [50, 24],
          [64, 24],
          [36, 44],
          [50, 44],
          [64, 44],
        ] as const)
          sphere(c, x, y, 6.4, "#E8731E");
        for (const x of [28, 72]) c.draw(circle(x, 61, 2), INK);
        return;
      case "cones":
        for (const [x, h] of [
          [30, 20],
          [52, 26],
          [72, 18],
        ] as const) {
          const cone = polygon([
            [x - 9, 60],
            [x - 2.4, 60 - h],
            [x + 2.4, 60 - h],
            [x + 9, 60],
          ]);
          c.draw(cone, v.main === "#2A9D5B" ? "#F28C28" : v.main);
          c.fill(intersect(box(x, 60 - h * 0.5, 10, 2), cone), WHITE);
          c.draw(box(x, 60.5, 11, 1.4, 0.6), INK);
        }
        return;
      case "ball-machine":
        c.draw(box(50, 46, 18, 12, 3), v.main);
        c.draw(
          polygon([
            [34, 34],
            [66, 34],
            [70, 18],
            [30, 18],
          ]),
          INK,
        );
        for (const x of [38, 46, 54, 62]) c.fill(circle(x, 20, 3.2), "#D7E64A");
        c.draw(circle(62, 46, 4), INK);
        for (const x of [36, 64]) c.draw(circle(x, 59, 3), INK);
        return;
    }
  };
}

function parts(kind: "wheels" | "bearings" | "cog" | "strings" | "grips" | "light" | "rangefinder" | "cart" | "bike-rack"): Draw {
  return (c, v) => {
    shadow(c, 50, 30, 62);
    switch (kind) {
      case "wheels":
        for (const [x, y] of [
          [38, 30],
          [62, 30],
          [38, 48],
          [62, 48],
        ] as const) {
          c.draw(circle(x, y, 9), v.main);
          c.draw(circle(x, y, 3.6), WHITE);
          c.fill(circle(x, y, 1.4), INK);
        }
        return;
      case "bearings":
        for (const [x, y] of [
          [40, 32],
          [60, 32],
          [40, 50],
          [60, 50],
        ] as const) {
          c.draw(subtract(circle(x, y, 8), circle(x, y, 3)), STEEL);
          c.fill(stroke(circle(x, y, 5.5), 1.4), INK);
        }
        return;
      case "cog": {
        const teeth = Array.from({ length: 16 }, (_, i) => rotate(box(50, 16, 2, 3), i * 22.5, 50, 38));
        c.draw(subtract(union(circle(50, 38, 20), ...teeth), circle(50, 38, 8)), STEEL);
        for (let i = 0; i < 5; i++) c.fill(rotate(box(50, 25, 2.4, 4, 1), i * 72, 50, 38), INK, { alpha: 0.5 });
        return;
      }
      case "strings":
        for (let i = 0; i < 5; i++) c.fill(stroke(ellipse(50, 38, 22 - i * 2, 16 - i * 1.5), 0.9), i % 2 ? v.main : v.accent);
        c.draw(box(50, 38, 10, 5, 2), WHITE);
        return;
      case "grips":
        for (const [x, paint] of [
          [36, v.main],
          [50, WHITE],
          [64, v.accent],
        ] as const) {
          c.draw(box(x, 40, 5, 18, 2.5), paint);
          for (let y = 26; y < 58; y += 4) c.fill(line(x - 5, y, x + 5, y + 2, 0.4), INK, { alpha: 0.4 });
        }
        return;
      case "light":
        c.draw(box(46, 38, 14, 8, 4), INK);
        c.fill(ellipse(60, 38, 3, 6), "#FFF59D");
        c.fill(
          polygon([
            [62, 34],
            [86, 24],
            [86, 52],
            [62, 42],
          ]),
          "#FFF59D",
          { alpha: 0.5, soft: 2 },
        );
        c.fill(box(44, 38, 6, 2, 1), v.main);
        return;
      case "rangefinder":
        c.draw(box(48, 38, 18, 10, 4), INK);
        c.draw(circle(64, 38, 7), "#455A64");
        c.fill(circle(64, 38, 4), "#81D4FA");
        c.fill(box(40, 29, 5, 1.4, 0.7), v.main);
        return;
      case "cart":
        c.fill(union(line(30, 58, 60, 18, 1.6), line(60, 18, 72, 12, 1.6), line(34, 52, 62, 58, 1.6)), INK);
        c.draw(rotate(box(46, 36, 7, 18, 3), 35, 46, 36), v.main);
        for (const x of [30, 62]) c.draw(circle(x, 58, 5), INK);
        return;
      case "bike-rack":
        c.fill(union(line(20, 58, 80, 58, 2), line(30, 58, 30, 28, 2), line(70, 58, 70, 28, 2), line(30, 28, 70, 28, 2)), v.main);
        for (const x of [40, 50, 60]) c.fill(stroke(intersect(circle(x, 46, 6), box(x, 40, 7, 6)), 1.2), INK);
        return;
    }
  };
}

// ── Which drawing for which equipment type ───────────────────────────────────────────────────

export const DRAWINGS = {
  "ball-baseball": ball("baseball"),
  "ball-softball": ball("softball"),
  "ball-basketball": ball("basketball"),
  "ball-soccer": ball("soccer"),
  "ball-football": ball("football"),
  "ball-tennis": ball("tennis"),
  "ball-golf": ball("golf"),
  "ball-pickleball": ball("pickleball"),
  "ball-lacrosse": ball("lacrosse"),
  "ball-plain": ball("plain"),
  puck: ball("hockey-puck"),
  bat,
  "stick-ice": stick("ice"),
  "stick-field": stick("field"),
  "stick-lacrosse": stick("lacrosse"),
  "lacrosse-head": stick("lacrosse-head"),
  "lacrosse-shaft": stick("lacrosse-shaft"),
  driver: golfClub("driver"),
  iron: golfClub("iron"),
  putter: golfClub("putter"),
  wedge: golfClub("wedge"),
  hybrid: golfClub("hybrid"),
  "racquet-tennis": racquet("tennis"),
  "racquet-squash": racquet("squash"),
  "racquet-racquetball": racquet("racquetball"),
  "paddle-pickleball": paddle("pickleball"),
  "paddle-platform": paddle("platform"),
  "helmet-batting": helmet("batting"),
  "helmet-football": helmet("football"),
  "helmet-hockey": helmet("hockey"),
  "helmet-bike": helmet("bike"),
  "helmet-ski": helmet("ski"),
  "helmet-lacrosse": helmet("lacrosse"),
  "catcher-mask": helmet("catcher"),
  "shin-guards": pads("shin"),
  "shoulder-pads": pads("shoulder"),
  "elbow-pads": pads("elbow"),
  mouthguard: pads("mouthguard"),
  "chest-protector": pads("chest"),
  mitt,
  "glove-batting": glove("batting"),
  "glove-hockey": glove("hockey"),
  "glove-keeper": glove("keeper"),
  "glove-winter": glove("winter"),
  mitten: glove("mitten"),
  "glove-field": glove("field"),
  "shoe-low": shoe("low"),
  "shoe-cleat": shoe("cleat"),
  "shoe-indoor": shoe("indoor"),
  "boot-hiking": shoe("boot"),
  "boot-ski": shoe("ski-boot"),
  "boot-snow": shoe("snow-boot"),
  "skate-ice": skate("ice"),
  "skate-figure": skate("figure"),
  "skate-inline": skate("inline"),
  "skate-roller": skate("roller"),
  "skate-blades": skate("blades"),
  "blade-guards": skate("guards"),
  jersey: shirt("jersey"),
  uniform: shirt("uniform"),
  "long-sleeve": shirt("long"),
  jacket: shirt("jacket"),
  dress: shirt("dress"),
  shorts: legwear("shorts"),
  pants: legwear("pants"),
  tights: legwear("tights"),
  socks: legwear("socks"),
  duffel: bag("duffel"),
  backpack: bag("backpack"),
  "golf-bag": bag("golf"),
  "stick-bag": bag("stick-bag"),
  "bike-road": bike("road"),
  "bike-mountain": bike("mountain"),
  "bike-kids": bike("kids"),
  "bike-electric": bike("electric"),
  "bike-hybrid": bike("hybrid"),
  "bike-stationary": bike("stationary"),
  "bike-trainer": bike("trainer"),
  skis: winter("skis"),
  poles: winter("poles"),
  snowboard: winter("snowboard"),
  bindings: winter("bindings"),
  goggles: winter("goggles"),
  eyewear: winter("eyewear"),
  tent: camp("tent"),
  "sleeping-bag": camp("sleeping-bag"),
  "sleeping-pad": camp("pad"),
  stove: camp("stove"),
  lantern: camp("lantern"),
  cooler: camp("cooler"),
  "camp-chair": camp("chair"),
  bottle: camp("bottle"),
  dumbbell: fitness("dumbbell"),
  kettlebell: fitness("kettlebell"),
  plates: fitness("plates"),
  bench: fitness("bench"),
  treadmill: fitness("treadmill"),
  rower: fitness("rower"),
  bands: fitness("bands"),
  yoga: fitness("yoga"),
  "power-rack": fitness("rack"),
  "soccer-goal": goal("soccer"),
  "court-net": goal("court-net"),
  hoop: goal("hoop"),
  rim: goal("rim"),
  "ball-rack": goal("ball-rack"),
  cones: goal("cones"),
  "ball-machine": goal("ball-machine"),
  wheels: parts("wheels"),
  bearings: parts("bearings"),
  cog: parts("cog"),
  strings: parts("strings"),
  grips: parts("grips"),
  "bike-light": parts("light"),
  rangefinder: parts("rangefinder"),
  "push-cart": parts("cart"),
  "bike-rack": parts("bike-rack"),
} satisfies Record<string, Draw>;

export type DrawingKey = keyof typeof DRAWINGS;

/** The ball of each sport (for "Balls", and for types with nothing better to show). */
const SPORT_BALL: Record<SportKey, DrawingKey> = {
  baseball: "ball-baseball",
  softball: "ball-softball",
  basketball: "ball-basketball",
  soccer: "ball-soccer",
  football: "ball-football",
  tennis: "ball-tennis",
  golf: "ball-golf",
  lacrosse: "ball-lacrosse",
  "field-hockey": "ball-plain",
  hockey: "puck",
  cycling: "bike-road",
  "figure-skating": "skate-figure",
  fitness: "dumbbell",
  "hike-camp": "tent",
  "inline-roller": "skate-inline",
  skiing: "skis",
  snowboarding: "snowboard",
};

const SUBCATEGORY_BALL: Record<string, DrawingKey> = {
  pickleball: "ball-pickleball",
  paddle: "ball-plain",
  racquetball: "ball-plain",
  squash: "ball-plain",
};

/**
 * The drawing for an equipment type of a sport (and tennis sub-category). Rules are tried in
 * order; the first whose pattern matches the type (and whose sports include this one) wins.
 */
const RULES: readonly [RegExp, DrawingKey | ((sport: SportKey, sub: string | null) => DrawingKey)][] = [
  [/^Balls$|^Basketballs$|^Golf Balls$/, (sport, sub) => (sub && SUBCATEGORY_BALL[sub]) || SPORT_BALL[sport]],
  [/^Bats$/, "bat"],
  [/^Batting Helmets$/, "helmet-batting"],
  [/^Batting Gloves$/, "glove-batting"],
  [/^Catcher's Gear$|^Face Masks$/, "catcher-mask"],
  [/^Gloves & Mitts$/, "mitt"],
  [
    /^Helmets$/,
    (sport) =>
      (
        ({
          football: "helmet-football",
          hockey: "helmet-hockey",
          lacrosse: "helmet-lacrosse",
          cycling: "helmet-bike",
          "inline-roller": "helmet-bike",
          skiing: "helmet-ski",
          snowboarding: "helmet-ski",
        }) as Partial<Record<SportKey, DrawingKey>>
      )[sport] ?? "helmet-bike",
  ],
  [/^Goalkeeper Gloves$/, "glove-keeper"],
  [/^Gloves & Mittens$/, "mitten"],
  [
    /^Gloves$/,
    (sport) =>
      sport === "hockey" || sport === "lacrosse"
        ? "glove-hockey"
        : sport === "football"
          ? "glove-keeper"
          : sport === "field-hockey"
            ? "glove-field"
            : "glove-batting",
  ],
  [/^Sticks$/, (sport) => (sport === "field-hockey" ? "stick-field" : "stick-ice")],
  [/^Complete Sticks$/, "stick-lacrosse"],
  [/^Heads$/, "lacrosse-head"],
  [/^Shafts$/, "lacrosse-shaft"],
  [/^Goalie Equipment$/, (sport) => (sport === "hockey" ? "glove-hockey" : sport === "lacrosse" ? "helmet-lacrosse" : "helmet-hockey")],
  [/^Racquets$/, (_, sub) => (sub === "squash" ? "racquet-squash" : sub === "racquetball" ? "racquet-racquetball" : "racquet-tennis")],
  [/^Paddles$/, (_, sub) => (sub === "paddle" ? "paddle-platform" : "paddle-pickleball")],
  [/^Inline Skates$|^Roller Hockey Skates$/, "skate-inline"],
  [/^Roller Skates$/, "skate-roller"],
  [/^Skates$/, (sport) => (sport === "figure-skating" ? "skate-figure" : "skate-ice")],
  [/^Blades$/, "skate-blades"],
  [/^Blade Guards/, "blade-guards"],
  [/^Boots$/, (sport) => (sport === "figure-skating" ? "skate-figure" : "boot-snow")],
  [/^Ski Boots$/, "boot-ski"],
  [/^Hiking Boots$/, "boot-hiking"],
  [/^Cleats/, "shoe-cleat"],
  [/^Indoor Shoes$/, "shoe-indoor"],
  [/Shoes$/, "shoe-low"],
  [/^Shin Guards$/, "shin-guards"],
  [/^Shoulder Pads$/, "shoulder-pads"],
  [/^Elbow Pads$|^Arm Pads$/, "elbow-pads"],
  [/^Mouthguards$/, "mouthguard"],
  [/^Protective Gear$/, (sport) => (sport === "inline-roller" ? "elbow-pads" : sport === "baseball" ? "chest-protector" : "shin-guards")],
  [/^Goggles/, "goggles"],
  [/^Eyewear$/, "eyewear"],
  [/^Jerseys|^Uniforms$/, "jersey"],
  [
    /^Practice Wear$|^Apparel$/,
    (sport) =>
      sport === "figure-skating" ? "dress" : sport === "skiing" || sport === "snowboarding" || sport === "hike-camp" ? "jacket" : "jersey",
  ],
  [/^Base Layers$/, "long-sleeve"],
  [/^Jackets$/, "jacket"],
  [/^Dresses$/, "dress"],
  [/^Shorts$/, "shorts"],
  [/^Pants$|^Girdles & Pants$/, "pants"],
  [/^Tights$/, "tights"],
  [/^Socks$/, "socks"],
  [/^Golf Bags$|^Complete Sets$/, "golf-bag"],
  [/^Backpacks$/, "backpack"],
  [
    /^Bags$/,
    (sport) =>
      sport === "hockey" || sport === "lacrosse" || sport === "field-hockey"
        ? "stick-bag"
        : sport === "skiing" || sport === "snowboarding"
          ? "stick-bag"
          : "duffel",
  ],
  [/^Drivers$|^Fairway Woods$/, "driver"],
  [/^Hybrids$/, "hybrid"],
  [/^Irons$/, "iron"],
  [/^Wedges$/, "wedge"],
  [/^Putters$/, "putter"],
  [/^Push Carts$/, "push-cart"],
  [/^Rangefinders/, "rangefinder"],
  [/^Road Bikes$|^Gravel Bikes$/, "bike-road"],
  [/^Mountain Bikes$/, "bike-mountain"],
  [/^Hybrid Bikes$/, "bike-hybrid"],
  [/^Kids' Bikes$/, "bike-kids"],
  [/^Electric Bikes$/, "bike-electric"],
  [/^Exercise Bikes$|^Cardio Machines$/, "bike-stationary"],
  [/^Trainers$/, "bike-trainer"],
  [/^Bike Racks$/, "bike-rack"],
  [/^Lights$/, "bike-light"],
  [/^Components$/, "cog"],
  [/^Wheels & Tires$/, "bike-mountain"],
  [/^Wheels$/, "wheels"],
  [/^Bearings$/, "bearings"],
  [/^Skis$/, "skis"],
  [/^Poles$|^Trekking Poles$/, "poles"],
  [/^Snowboards$/, "snowboard"],
  [/^Bindings$/, (sport) => (sport === "snowboarding" ? "bindings" : "skis")],
  [/^Tents$/, "tent"],
  [/^Sleeping Bags$/, "sleeping-bag"],
  [/^Sleeping Pads$/, "sleeping-pad"],
  [/^Camp Stoves/, "stove"],
  [/^Headlamps/, "lantern"],
  [/^Coolers$/, "cooler"],
  [/^Camp Furniture$/, "camp-chair"],
  [/^Water Filters$/, "bottle"],
  [/^Dumbbells$/, "dumbbell"],
  [/^Kettlebells$/, "kettlebell"],
  [/^Weight Plates$/, "plates"],
  [/^Benches$/, "bench"],
  [/^Treadmills$/, "treadmill"],
  [/^Rowing Machines$/, "rower"],
  [/^Resistance Bands$/, "bands"],
  [/^Yoga/, "yoga"],
  [/^Racks & Cages$/, "power-rack"],
  [/^Goals & Nets$/, "soccer-goal"],
  [/^Nets/, (sport) => (sport === "basketball" ? "rim" : "court-net")],
  [/^Hoops/, "hoop"],
  [/^Rims$/, "rim"],
  [/^Ball Racks/, "ball-rack"],
  [/^Ball Machines$/, "ball-machine"],
  [/^Training (Equipment|Aids)$/, "cones"],
  [/^Flag Football$/, "ball-football"],
  [/^Strings$/, "strings"],
  [/^Grips/, "grips"],
  [/^Accessories$/, (sport) => (sport === "cycling" ? "bike-light" : sport === "golf" ? "ball-golf" : "duffel")],
];

export function illustrationFor(sport: SportKey, subcategory: string | null, type: string): DrawingKey {
  for (const [pattern, pick] of RULES) if (pattern.test(type)) return typeof pick === "function" ? pick(sport, subcategory) : pick;
  // "Other", "Equipment": the sport's ball (or its signature item).
  return (subcategory && SUBCATEGORY_BALL[subcategory]) || SPORT_BALL[sport];
}

/** Whether a type has a drawing of its own rather than the sport's fallback. */
export function hasOwnIllustration(type: string) {
  return RULES.some(([pattern]) => pattern.test(type));
}

/** How a listing's photos differ: the whole item, a close-up, the other side. */
export const SHOTS = ["whole", "close-up", "other-side"] as const;
export type Shot = (typeof SHOTS)[number];

/** A PNG of the drawing in a colour variant and shot, `width` × ¾ width pixels. */
export function renderIllustration(key: DrawingKey, variant: number, width: number, shot: Shot = "whole"): Uint8Array {
  const v = VARIANTS[variant % VARIANTS.length]!;
  const view = shot === "close-up" ? { zoom: 1.3, cx: 50, cy: 38 } : undefined;
  const canvas = new Canvas(width, Math.round(width * 0.75), v.background, view);
  // A soft backdrop disc gives the "product photo" look.
  canvas.fill(circle(50, 36, 30), mix(v.background, "#FFFFFF", 0.6), { soft: 6 });
  DRAWINGS[key](canvas, v);
  if (shot === "other-side") canvas.flip();
  return canvas.png();
}
