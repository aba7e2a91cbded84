// Writes public/sports/<key>.svg: a gradient in the sport's colours with a
// simple line motif. Run with `npx tsx app/shared/catalog/generate-hero-svgs.ts`
// after changing a sport's gradient; the SVGs are committed, this is not run
// at build time.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SPORTS, type SportKey } from "./sports";

const W = 800;
const H = 300;

const ballSeams = (cx: number, cy: number, r: number) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}"/>` +
  `<path d="M${cx - r * 0.7} ${cy - r * 0.7}q${r * 0.45} ${r * 0.7} 0 ${r * 1.4}M${cx + r * 0.7} ${cy - r * 0.7}q${-r * 0.45} ${r * 0.7} 0 ${r * 1.4}"/>`;

const mountains = `<path d="M380 300 520 130 600 220 660 160 800 300"/>`;

const MOTIFS: Record<SportKey, string> = {
  baseball: ballSeams(620, 150, 90) + `<path d="M430 270 560 60"/>`,
  basketball: `<circle cx="620" cy="150" r="95"/><path d="M525 150h190M620 55v190M553 83q40 67 0 134M687 83q-40 67 0 134"/>`,
  cycling: `<circle cx="520" cy="200" r="60"/><circle cx="700" cy="200" r="60"/><path d="M520 200 580 110h90l30 90M580 110l40 90 50-90M565 90h30"/>`,
  "field-hockey": `<path d="M660 40 600 230q-10 30-40 20"/><circle cx="520" cy="250" r="14"/>`,
  "figure-skating": `<path d="M560 60v110h130q20 0 20-25 0-30-45-35l-45-10V60zM550 215h170q20 0 25-20M590 170v45M680 170v45"/>`,
  fitness: `<path d="M480 150h240"/><rect x="470" y="100" width="30" height="100" rx="6"/><rect x="700" y="100" width="30" height="100" rx="6"/><rect x="440" y="120" width="30" height="60" rx="6"/><rect x="730" y="120" width="30" height="60" rx="6"/>`,
  football: `<ellipse cx="620" cy="150" rx="130" ry="75" transform="rotate(-25 620 150)"/><path d="M575 170 665 128M590 140l15 30M615 128l15 30M640 117l15 30"/>`,
  golf: `<path d="M620 250V50l90 35-90 35"/><ellipse cx="620" cy="255" rx="70" ry="14"/><circle cx="520" cy="245" r="10"/>`,
  "hike-camp": mountains + `<path d="M470 280 540 170 610 280M540 170v110"/>`,
  hockey: `<path d="M660 30 580 240h-80"/><ellipse cx="680" cy="250" rx="40" ry="14"/>`,
  "inline-roller": `<path d="M520 80h60l10 90h90q20 0 20 30H520z"/><circle cx="545" cy="235" r="20"/><circle cx="610" cy="235" r="20"/><circle cx="675" cy="235" r="20"/>`,
  lacrosse: `<path d="M470 270 620 120"/><ellipse cx="670" cy="80" rx="45" ry="65" transform="rotate(45 670 80)"/><path d="M640 60l50 50M660 40l50 50M625 85l50-50"/>`,
  skiing: mountains + `<path d="M420 200 560 120M440 225 580 145"/><circle cx="700" cy="80" r="25"/>`,
  snowboarding: mountains + `<rect x="440" y="190" width="260" height="40" rx="20" transform="rotate(-20 570 210)"/>`,
  soccer: `<circle cx="620" cy="150" r="95"/><path d="M620 115 653 139 641 178H599L587 139Z M620 115V55M653 139l55-18M641 178l35 48M599 178l-35 48M587 139l-55-18"/>`,
  softball: ballSeams(600, 150, 110),
  tennis: `<circle cx="520" cy="200" r="55"/><path d="M480 162q40 38 0 76M560 162q-40 38 0 76"/><ellipse cx="680" cy="110" rx="60" ry="80" transform="rotate(30 680 110)"/><path d="M640 180 590 270"/>`,
};

function heroSvg(key: SportKey, from: string, to: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice" role="img" aria-hidden="true">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#g)"/>` +
    `<circle cx="80" cy="40" r="140" fill="#fff" opacity=".08"/><circle cx="260" cy="320" r="110" fill="#fff" opacity=".06"/>` +
    `<g fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" stroke-linejoin="round" opacity=".35">${MOTIFS[key]}</g>` +
    `</svg>\n`
  );
}

const outDir = join(process.cwd(), "public", "sports");
mkdirSync(outDir, { recursive: true });
for (const sport of SPORTS) {
  const svg = heroSvg(sport.key, sport.gradient.from, sport.gradient.to);
  writeFileSync(join(outDir, `${sport.key}.svg`), svg);
  console.log(`${sport.heroImage} ${svg.length} bytes`);
}
