// A tiny vector rasteriser for the seed's illustrations (no image packages): shapes are signed
// distance functions in a 100 × 75 unit space, painted with one pixel of anti-aliasing. Enough for
// flat drawings made of circles, ellipses, rounded boxes, thick lines and polygons.
import { encodePng, hexToRgb, type Rgb } from "./png";

/** Negative inside, positive outside, in units; `box` bounds where it can be inside. */
export type Shape = { d: (x: number, y: number) => number; box: readonly [number, number, number, number] };

const INF = 1e9;
/** √(x² + y²); Math.hypot is an order of magnitude slower in V8, and this is the hot path. */
const len = (x: number, y: number) => Math.sqrt(x * x + y * y);

export function circle(cx: number, cy: number, r: number): Shape {
  return { d: (x, y) => len(x - cx, y - cy) - r, box: [cx - r, cy - r, cx + r, cy + r] };
}

/** An ellipse (distance approximated near the edge, which is all the anti-aliasing needs). */
export function ellipse(cx: number, cy: number, rx: number, ry: number): Shape {
  const m = Math.min(rx, ry);
  return { d: (x, y) => (len((x - cx) / rx, (y - cy) / ry) - 1) * m, box: [cx - rx, cy - ry, cx + rx, cy + ry] };
}

/** A box centred on (cx, cy) with half sizes and rounded corners. */
export function box(cx: number, cy: number, hw: number, hh: number, r = 0): Shape {
  const rr = Math.min(r, hw, hh);
  return {
    d: (x, y) => {
      const qx = Math.abs(x - cx) - hw + rr;
      const qy = Math.abs(y - cy) - hh + rr;
      return len(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - rr;
    },
    box: [cx - hw, cy - hh, cx + hw, cy + hh],
  };
}

/** A thick line with round ends. */
export function line(ax: number, ay: number, bx: number, by: number, width: number): Shape {
  const r = width / 2;
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy || 1;
  return {
    d: (x, y) => {
      const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len2));
      return len(x - ax - t * dx, y - ay - t * dy) - r;
    },
    box: [Math.min(ax, bx) - r, Math.min(ay, by) - r, Math.max(ax, bx) + r, Math.max(ay, by) + r],
  };
}

/** A thick line whose width goes from `wa` at a to `wb` at b (bats, shafts, poles). */
export function taper(ax: number, ay: number, bx: number, by: number, wa: number, wb: number): Shape {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy || 1;
  const r = Math.max(wa, wb) / 2;
  return {
    d: (x, y) => {
      const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len2));
      return len(x - ax - t * dx, y - ay - t * dy) - (wa + (wb - wa) * t) / 2;
    },
    box: [Math.min(ax, bx) - r, Math.min(ay, by) - r, Math.max(ax, bx) + r, Math.max(ay, by) + r],
  };
}

/** A polygon (any winding), exact distance. */
export function polygon(points: readonly (readonly [number, number])[]): Shape {
  // Flat coordinates: this is the hot loop of the seed's drawings.
  const n = points.length;
  const px = Float64Array.from(points, (p) => p[0]);
  const py = Float64Array.from(points, (p) => p[1]);
  return {
    d: (x, y) => {
      let best = INF;
      let inside = false;
      for (let i = 0, j = n - 1; i < n; j = i++) {
        const xi = px[i]!;
        const yi = py[i]!;
        const ex = px[j]! - xi;
        const ey = py[j]! - yi;
        let t = ((x - xi) * ex + (y - yi) * ey) / (ex * ex + ey * ey || 1);
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        const dx = x - xi - t * ex;
        const dy = y - yi - t * ey;
        const dist = dx * dx + dy * dy;
        if (dist < best) best = dist;
        if (yi > y !== py[j]! > y && x < (ex * (y - yi)) / ey + xi) inside = !inside;
      }
      best = Math.sqrt(best);
      return inside ? -best : best;
    },
    box: [Math.min(...px), Math.min(...py), Math.max(...px), Math.max(...py)],
  };
}

export function union(...shapes: Shape[]): Shape {
  return {
    d: (x, y) => {
      let d = INF;
      for (let i = 0; i < shapes.length; i++) {
        const e = shapes[i]!.d(x, y);
        if (e < d) d = e;
      }
      return d;
    },
    box: [
      Math.min(...shapes.map((s) => s.box[0])),
      Math.min(...shapes.map((s) => s.box[1])),
      Math.max(...shapes.map((s) => s.box[2])),
      Math.max(...shapes.map((s) => s.box[3])),
    ],
  };
}

export function intersect(a: Shape, b: Shape): Shape {
  return {
    d: (x, y) => Math.max(a.d(x, y), b.d(x, y)),
    box: [Math.max(a.box[0], b.box[0]), Math.max(a.box[1], b.box[1]), Math.min(a.box[2], b.box[2]), Math.min(a.box[3], b.box[3])],
  };
}

export function subtract(a: Shape, b: Shape): Shape {
  return { d: (x, y) => Math.max(a.d(x, y), -b.d(x, y)), box: a.box };
}

/** The outline of a shape, `width` thick. */
export function stroke(s: Shape, width: number): Shape {
  const w = width / 2;
  return { d: (x, y) => Math.abs(s.d(x, y)) - w, box: [s.box[0] - w, s.box[1] - w, s.box[2] + w, s.box[3] + w] };
}

/** The shape turned by `degrees` (clockwise on screen) around (cx, cy). */
export function rotate(s: Shape, degrees: number, cx: number, cy: number): Shape {
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const corners = [
    [s.box[0], s.box[1]],
    [s.box[2], s.box[1]],
    [s.box[0], s.box[3]],
    [s.box[2], s.box[3]],
  ].map(([x, y]) => [cx + (x! - cx) * cos - (y! - cy) * sin, cy + (x! - cx) * sin + (y! - cy) * cos] as const);
  return {
    d: (x, y) => s.d(cx + (x - cx) * cos + (y - cy) * sin, cy - (x - cx) * sin + (y - cy) * cos),
    box: [
      Math.min(...corners.map((c) => c[0])),
      Math.min(...corners.map((c) => c[1])),
      Math.max(...corners.map((c) => c[0])),
      Math.max(...corners.map((c) => c[1])),
    ],
  };
}

export function move(s: Shape, dx: number, dy: number): Shape {
  return { d: (x, y) => s.d(x - dx, y - dy), box: [s.box[0] + dx, s.box[1] + dy, s.box[2] + dx, s.box[3] + dy] };
}

export type Paint = string | Rgb;

/** What part of the 100 × 75 unit space the canvas shows: all of it, or a close-up. */
export type View = { zoom: number; cx: number; cy: number };

/** An RGB canvas `width` pixels wide showing the 100 × 75 unit space (or a zoomed part of it). */
export class Canvas {
  readonly rgb: Uint8Array;
  private readonly scale: number;
  /** The unit coordinates of pixel (0, 0)'s corner. */
  private readonly ox: number;
  private readonly oy: number;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Paint,
    view: View = { zoom: 1, cx: 50, cy: 37.5 },
  ) {
    this.scale = (width / 100) * view.zoom;
    this.ox = view.cx - width / 2 / this.scale;
    this.oy = view.cy - height / 2 / this.scale;
    this.rgb = new Uint8Array(width * height * 3);
    const [r, g, b] = typeof background === "string" ? hexToRgb(background) : background;
    for (let i = 0; i < this.rgb.length; i += 3) {
      this.rgb[i] = r;
      this.rgb[i + 1] = g;
      this.rgb[i + 2] = b;
    }
  }

  /** Paints the shape; `soft` widens the edge (in units) for shadows and glows. */
  fill(shape: Shape, paint: Paint, opts: { alpha?: number; soft?: number } = {}) {
    const [r, g, b] = typeof paint === "string" ? hexToRgb(paint) : paint;
    const alpha = opts.alpha ?? 1;
    const edge = (opts.soft ?? 0) * this.scale + 1;
    const s = this.scale;
    const { ox, oy } = this;
    const pad = (opts.soft ?? 0) + 1 / s;
    const x0 = Math.max(0, Math.floor((shape.box[0] - pad - ox) * s));
    const y0 = Math.max(0, Math.floor((shape.box[1] - pad - oy) * s));
    const x1 = Math.min(this.width - 1, Math.ceil((shape.box[2] + pad - ox) * s));
    const y1 = Math.min(this.height - 1, Math.ceil((shape.box[3] + pad - oy) * s));
    // Blocks of 8 × 8 pixels: one distance at the centre tells whether the whole block is clearly
    // outside (skipped) or inside (filled); only blocks on an edge are computed pixel by pixel.
    // Every distance here is a lower bound of the true one, so this never cuts an edge.
    const B = 8;
    const reach = (B / 2) * Math.SQRT2 + edge;
    for (let by = y0; by <= y1; by += B) {
      for (let bx = x0; bx <= x1; bx += B) {
        const ex = Math.min(bx + B - 1, x1);
        const ey = Math.min(by + B - 1, y1);
        const centre = shape.d(ox + (bx + B / 2) / s, oy + (by + B / 2) / s) * s;
        if (centre > reach) continue;
        const solid = centre < -reach;
        for (let py = by; py <= ey; py++) {
          const y = oy + (py + 0.5) / s;
          for (let px = bx; px <= ex; px++) {
            const coverage = solid ? 1 : Math.max(0, Math.min(1, 0.5 - (shape.d(ox + (px + 0.5) / s, y) * s) / edge));
            if (coverage === 0) continue;
            const a = coverage * alpha;
            const i = (py * this.width + px) * 3;
            this.rgb[i] = this.rgb[i]! + (r - this.rgb[i]!) * a + 0.5;
            this.rgb[i + 1] = this.rgb[i + 1]! + (g - this.rgb[i + 1]!) * a + 0.5;
            this.rgb[i + 2] = this.rgb[i + 2]! + (b - this.rgb[i + 2]!) * a + 0.5;
          }
        }
      }
    }
  }

  /** Fill plus a dark outline: the flat "sticker" look of every drawing. */
  draw(shape: Shape, paint: Paint, outline: Paint = "#263238", width = 0.7) {
    this.fill(shape, paint);
    this.fill(stroke(shape, width), outline);
  }

  /** Mirrors the picture left–right (the same item seen from its other side). */
  flip() {
    const row = this.width * 3;
    for (let y = 0; y < this.height; y++) {
      for (let l = y * row, r = l + row - 3; l < r; l += 3, r -= 3) {
        for (let k = 0; k < 3; k++) {
          const t = this.rgb[l + k]!;
          this.rgb[l + k] = this.rgb[r + k]!;
          this.rgb[r + k] = t;
        }
      }
    }
  }

  png(): Uint8Array {
    return encodePng(this.width, this.height, this.rgb, { filter: "none", level: 3 });
  }
}

/** A colour between two (t = 0 → a, 1 → b); used for lighter and darker shades. */
export function mix(a: Paint, b: Paint, t: number): Rgb {
  const [ar, ag, ab] = typeof a === "string" ? hexToRgb(a) : a;
  const [br, bg, bb] = typeof b === "string" ? hexToRgb(b) : b;
  return [Math.round(ar + (br - ar) * t), Math.round(ag + (bg - ag) * t), Math.round(ab + (bb - ab) * t)];
}
