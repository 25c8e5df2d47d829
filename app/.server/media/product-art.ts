/**
 * Product artwork drawn locally as SVG: the demo catalogue and the bench data need images
 * that cost no download, no licence and no storage. Each image is described entirely by its
 * URL (/media/art/{shape}/{primary}/{secondary}/{variant}.svg), so the resource route can
 * render it on demand and let browsers cache it forever.
 */

export const ART_SHAPES = [
  "perfume",
  "jar",
  "lipstick",
  "palette",
  "brush",
  "tube",
  "serum",
  "pump",
  "shampoo",
  "compact",
  "mascara",
  "candle",
  "pencil",
  "polish",
  "sponge",
  "pouch",
  "soap",
  "comb",
  "diffuser",
] as const;

export type ArtShape = (typeof ART_SHAPES)[number];
export type ArtVariant = 1 | 2 | 3;
/** primary and secondary are six lower-case hex digits, without "#". */
export type ArtParams = { shape: ArtShape; primary: string; secondary: string; variant: ArtVariant };

const HEX = /^[0-9a-f]{6}$/;
const SHAPE_SET: ReadonlySet<string> = new Set(ART_SHAPES);

export function isArtShape(value: string): value is ArtShape {
  return SHAPE_SET.has(value);
}

export function productArtPath(p: ArtParams): string {
  const primary = p.primary.toLowerCase();
  const secondary = p.secondary.toLowerCase();
  if (!isArtShape(p.shape) || !HEX.test(primary) || !HEX.test(secondary) || ![1, 2, 3].includes(p.variant)) {
    throw new Error(`Invalid product art parameters: ${JSON.stringify(p)}`);
  }
  return `/media/art/${p.shape}/${primary}/${secondary}/${p.variant}.svg`;
}

const PATH_RE = /^([a-z]+)\/([0-9a-f]{6})\/([0-9a-f]{6})\/([123])\.svg$/;

/** Parses the part of the URL after /media/art/; anything not produced by productArtPath is null. */
export function parseProductArtPath(splat: string): ArtParams | null {
  const m = PATH_RE.exec(splat);
  if (!m || !isArtShape(m[1])) return null;
  return { shape: m[1], primary: m[2], secondary: m[3], variant: Number(m[4]) as ArtVariant };
}

// ---------------------------------------------------------------------------------------------
// Colours

type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

function toHex(c: Rgb): string {
  return c
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("");
}

function mix(a: string, b: string, t: number): string {
  const x = toRgb(a);
  const y = toRgb(b);
  return toHex([0, 1, 2].map((i) => x[i] + (y[i] - x[i]) * t) as Rgb);
}

const lighten = (c: string, t: number) => mix(c, "ffffff", t);
const darken = (c: string, t: number) => mix(c, "000000", t);

type Tones = {
  p: string;
  pl: string;
  pll: string;
  pd: string;
  pdd: string;
  s: string;
  sl: string;
  sd: string;
};

function tonesOf(primary: string, secondary: string): Tones {
  return {
    p: primary,
    pl: lighten(primary, 0.35),
    pll: lighten(primary, 0.6),
    pd: darken(primary, 0.25),
    pdd: darken(primary, 0.55),
    s: secondary,
    sl: lighten(secondary, 0.5),
    sd: darken(mix(secondary, primary, 0.12), 0.1),
  };
}

// ---------------------------------------------------------------------------------------------
// Deterministic pseudo-randomness for decorations (same params, same picture)

function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (v: number) => Math.round(v * 10) / 10;

// ---------------------------------------------------------------------------------------------
// Objects: each is drawn standing on the floor at (400, 660); w is the half-width of its shadow.

type Drawing = { w: number; svg: string };
/** White highlight with the given opacity. */
const hi = (x: number, y: number, w: number, h: number, o = 0.4) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${Math.min(w, h) / 2}" fill="#fff" opacity="${o}"/>`;

const OBJECTS: Record<ArtShape, (t: Tones) => Drawing> = {
  perfume: (t) => ({
    w: 150,
    svg:
      `<rect x="270" y="350" width="260" height="310" rx="34" fill="url(#p)" opacity=".93"/>` +
      `<rect x="292" y="372" width="216" height="266" rx="22" fill="#fff" opacity=".12"/>` +
      hi(300, 382, 24, 236, 0.45) +
      `<rect x="340" y="470" width="120" height="72" rx="6" fill="#${t.pll}" opacity=".55" stroke="url(#g)" stroke-width="3"/>` +
      `<rect x="366" y="318" width="68" height="36" fill="url(#g)"/>` +
      `<rect x="330" y="200" width="140" height="122" rx="14" fill="url(#g)"/>` +
      hi(346, 214, 14, 94, 0.5),
  }),
  jar: (t) => ({
    w: 195,
    svg:
      `<rect x="230" y="500" width="340" height="160" rx="40" fill="url(#p)"/>` +
      `<rect x="230" y="562" width="340" height="36" fill="#${t.pll}" opacity=".35"/>` +
      hi(262, 528, 20, 104, 0.35) +
      `<rect x="220" y="420" width="360" height="100" rx="22" fill="url(#g)"/>` +
      hi(244, 434, 312, 12, 0.4),
  }),
  lipstick: (t) => ({
    w: 90,
    svg:
      `<rect x="340" y="450" width="120" height="210" rx="10" fill="url(#d)"/>` +
      hi(356, 466, 12, 178, 0.25) +
      `<rect x="334" y="430" width="132" height="28" rx="6" fill="url(#g)"/>` +
      `<rect x="352" y="360" width="96" height="72" fill="url(#g)"/>` +
      `<path d="M362 362V252Q362 228 386 216L440 188V362Z" fill="url(#p)"/>` +
      hi(374, 238, 12, 112, 0.4) +
      `<path d="M362 362H440" stroke="#${t.pdd}" stroke-width="4" opacity=".4"/>`,
  }),
  palette: (t) => {
    const shades = [t.pll, t.p, t.pd, mix(t.p, t.s, 0.5), "d9b77a", t.pdd];
    const pans = shades
      .map((c, i) => {
        const x = 215 + (i % 3) * 128;
        const y = 300 + Math.floor(i / 3) * 160;
        return `<rect x="${x}" y="${y}" width="114" height="140" rx="16" fill="#${c}"/><ellipse cx="${x + 40}" cy="${y + 34}" rx="26" ry="14" fill="#fff" opacity=".22"/>`;
      })
      .join("");
    return {
      w: 250,
      svg:
        `<rect x="180" y="262" width="440" height="378" rx="30" fill="url(#d)"/>` +
        `<rect x="198" y="282" width="404" height="340" rx="20" fill="#${darken(t.p, 0.72)}"/>` +
        pans,
    };
  },
  brush: () => ({
    w: 60,
    svg:
      `<rect x="378" y="430" width="44" height="230" rx="20" fill="url(#p)"/>` +
      hi(388, 450, 8, 190, 0.4) +
      `<path d="M372 442L360 330H440L428 442Z" fill="url(#g)"/>` +
      `<path d="M358 334C336 250 358 150 400 128C442 150 464 250 442 334Z" fill="url(#r)"/>` +
      `<path d="M384 320C376 250 386 186 400 150" stroke="#fff" stroke-width="6" fill="none" opacity=".25"/>`,
  }),
  tube: (t) => ({
    w: 110,
    svg:
      `<rect x="342" y="588" width="116" height="72" rx="10" fill="url(#g)"/>` +
      `<path d="M350 594L300 252H500L450 594Z" fill="url(#p)"/>` +
      `<path d="M360 380H440L432 500H368Z" fill="#fff" opacity=".2"/>` +
      `<path d="M324 280L362 570" stroke="#fff" stroke-width="14" stroke-linecap="round" opacity=".35"/>` +
      `<rect x="292" y="222" width="216" height="36" rx="4" fill="#${t.pd}"/>` +
      `<path d="M300 234H500M300 246H500" stroke="#000" stroke-width="3" opacity=".15"/>`,
  }),
  serum: (t) => ({
    w: 115,
    svg:
      `<rect x="300" y="420" width="200" height="240" rx="28" fill="url(#p)" opacity=".92"/>` +
      `<rect x="300" y="540" width="200" height="120" rx="28" fill="#${t.pdd}" opacity=".3"/>` +
      `<rect x="340" y="476" width="120" height="90" rx="4" fill="#fff" opacity=".28"/>` +
      hi(320, 440, 18, 196, 0.4) +
      `<rect x="362" y="392" width="76" height="34" fill="url(#p)"/>` +
      `<rect x="350" y="340" width="100" height="60" rx="6" fill="url(#g)"/>` +
      `<path d="M366 342V250Q366 200 400 200Q434 200 434 250V342Z" fill="url(#d)"/>` +
      hi(376, 222, 10, 100, 0.2),
  }),
  pump: (t) => ({
    w: 125,
    svg:
      `<rect x="290" y="380" width="220" height="280" rx="46" fill="url(#p)"/>` +
      `<rect x="322" y="470" width="156" height="112" rx="8" fill="#fff" opacity=".24"/>` +
      hi(310, 412, 20, 220, 0.35) +
      `<rect x="354" y="336" width="92" height="50" rx="8" fill="url(#g)"/>` +
      `<rect x="388" y="290" width="24" height="50" fill="url(#g)"/>` +
      `<path d="M346 294V262Q346 248 360 248H508Q524 248 524 262V274H454V294Z" fill="#${t.pdd}"/>` +
      hi(360, 256, 120, 8, 0.2),
  }),
  shampoo: (t) => ({
    w: 115,
    svg:
      `<path d="M312 660Q300 660 300 644V330Q300 292 348 272H452Q500 292 500 330V644Q500 660 488 660Z" fill="url(#p)"/>` +
      `<rect x="330" y="410" width="140" height="160" rx="10" fill="#fff" opacity=".25"/>` +
      hi(318, 320, 20, 310, 0.35) +
      `<rect x="350" y="200" width="100" height="76" rx="14" fill="#${t.pdd}"/>` +
      hi(362, 212, 76, 10, 0.2),
  }),
  compact: (t) => ({
    w: 230,
    svg:
      `<ellipse cx="400" cy="330" rx="220" ry="170" fill="url(#g)"/>` +
      `<ellipse cx="400" cy="330" rx="192" ry="146" fill="#${t.sl}"/>` +
      `<path d="M280 250Q330 210 400 206" stroke="#fff" stroke-width="14" stroke-linecap="round" fill="none" opacity=".7"/>` +
      `<rect x="180" y="520" width="440" height="42" fill="#${darken("c9a45a", 0.2)}"/>` +
      `<ellipse cx="400" cy="562" rx="220" ry="90" fill="#${darken("c9a45a", 0.3)}"/>` +
      `<ellipse cx="400" cy="520" rx="220" ry="90" fill="url(#g)"/>` +
      `<ellipse cx="400" cy="520" rx="188" ry="72" fill="url(#p)"/>` +
      `<ellipse cx="400" cy="520" rx="120" ry="44" fill="none" stroke="#fff" stroke-width="4" opacity=".25"/>` +
      `<ellipse cx="350" cy="496" rx="60" ry="15" fill="#fff" opacity=".28"/>`,
  }),
  mascara: () => ({
    w: 150,
    svg:
      `<rect x="360" y="360" width="80" height="300" rx="14" fill="url(#p)"/>` +
      hi(372, 380, 10, 260, 0.4) +
      `<rect x="356" y="340" width="88" height="24" rx="4" fill="url(#g)"/>` +
      `<rect x="364" y="140" width="72" height="204" rx="12" fill="url(#d)"/>` +
      hi(374, 156, 8, 170, 0.25) +
      `<g transform="rotate(-8 560 640)"><rect x="480" y="634" width="130" height="10" rx="5" fill="url(#g)"/><rect x="456" y="624" width="44" height="30" rx="15" fill="#222"/></g>`,
  }),
  candle: (t) => ({
    w: 150,
    svg:
      `<circle cx="400" cy="330" r="110" fill="#ffd27a" opacity=".16"/>` +
      `<rect x="270" y="380" width="260" height="280" rx="20" fill="url(#p)" opacity=".88"/>` +
      `<rect x="286" y="430" width="228" height="214" rx="12" fill="#${mix(t.s, "ffffff", 0.7)}"/>` +
      `<ellipse cx="400" cy="432" rx="114" ry="16" fill="#fff" opacity=".6"/>` +
      `<rect x="270" y="520" width="260" height="62" fill="url(#g)" opacity=".85"/>` +
      hi(290, 400, 16, 240, 0.35) +
      `<rect x="397" y="392" width="6" height="40" fill="#333"/>` +
      `<path d="M400 296C422 338 426 370 400 394C374 370 378 338 400 296Z" fill="url(#fl)"/>`,
  }),
  pencil: (t) => ({
    w: 70,
    svg:
      `<rect x="380" y="300" width="40" height="360" rx="6" fill="url(#p)"/>` +
      hi(388, 320, 8, 320, 0.35) +
      `<rect x="378" y="290" width="44" height="20" fill="url(#g)"/>` +
      `<path d="M380 292L400 200L420 292Z" fill="#e8cfae"/>` +
      `<path d="M393 230L400 200L407 230Z" fill="#${t.pdd}"/>` +
      `<rect x="376" y="620" width="48" height="40" rx="6" fill="url(#d)"/>`,
  }),
  polish: (t) => ({
    w: 120,
    svg:
      `<rect x="290" y="450" width="220" height="210" rx="40" fill="url(#p)"/>` +
      `<rect x="290" y="450" width="220" height="210" rx="40" fill="none" stroke="#fff" stroke-width="10" opacity=".25"/>` +
      hi(314, 474, 18, 160, 0.45) +
      `<rect x="366" y="420" width="68" height="34" fill="#${t.pdd}" opacity=".85"/>` +
      `<rect x="350" y="250" width="100" height="176" rx="10" fill="url(#d)"/>` +
      hi(364, 266, 10, 144, 0.25),
  }),
  sponge: (t) => ({
    w: 130,
    svg:
      `<path d="M400 240C490 240 540 400 540 520C540 610 480 660 400 660C320 660 260 610 260 520C260 400 310 240 400 240Z" fill="url(#p)"/>` +
      `<ellipse cx="350" cy="360" rx="34" ry="70" fill="#fff" opacity=".3" transform="rotate(20 350 360)"/>` +
      `<ellipse cx="460" cy="560" rx="40" ry="22" fill="#${t.pd}" opacity=".25"/>`,
  }),
  pouch: (t) => ({
    w: 215,
    svg:
      `<path d="M222 660Q200 660 205 640L240 422Q246 400 268 400H532Q554 400 560 422L595 640Q600 660 578 660Z" fill="url(#p)"/>` +
      `<path d="M248 448H552" stroke="#fff" stroke-width="3" stroke-dasharray="10 8" opacity=".45"/>` +
      `<path d="M236 630Q400 652 564 630" stroke="#${t.pdd}" stroke-width="8" fill="none" opacity=".25"/>` +
      `<rect x="244" y="396" width="312" height="14" rx="7" fill="url(#g)"/>` +
      `<rect x="508" y="400" width="20" height="58" rx="7" fill="url(#g)"/>`,
  }),
  soap: (t) => ({
    w: 200,
    svg:
      `<rect x="220" y="520" width="360" height="130" rx="56" fill="url(#p)"/>` +
      `<rect x="220" y="470" width="360" height="130" rx="56" fill="#${t.pl}"/>` +
      `<ellipse cx="400" cy="535" rx="110" ry="32" fill="none" stroke="#fff" stroke-width="6" opacity=".45"/>` +
      hi(262, 492, 90, 12, 0.45),
  }),
  comb: (t) => {
    const teeth = Array.from({ length: 13 }, (_, i) => `M${262 + i * 22} 540V640`).join("");
    return {
      w: 170,
      svg:
        `<path d="${teeth}" stroke="#${t.pd}" stroke-width="12" stroke-linecap="round"/>` +
        `<rect x="232" y="430" width="336" height="120" rx="40" fill="url(#p)"/>` +
        `<ellipse cx="400" cy="490" rx="110" ry="22" fill="none" stroke="#fff" stroke-width="4" opacity=".35"/>` +
        hi(262, 446, 200, 12, 0.35),
    };
  },
  diffuser: (t) => ({
    w: 130,
    svg:
      `<path d="M372 420L300 150M400 420L402 120M428 420L512 160M388 420L350 140" stroke="#8a6a4a" stroke-width="7" stroke-linecap="round"/>` +
      `<path d="M340 440Q296 470 296 540V630Q296 660 326 660H474Q504 660 504 630V540Q504 470 460 440Z" fill="url(#p)" opacity=".92"/>` +
      `<rect x="296" y="560" width="208" height="100" rx="24" fill="#${t.pdd}" opacity=".25"/>` +
      hi(318, 480, 16, 160, 0.4) +
      `<rect x="350" y="404" width="100" height="44" rx="6" fill="url(#g)"/>`,
  }),
};

/** Shapes that are lying flat or wide: their second view is a close-up rather than a box. */
const FLAT: ReadonlySet<ArtShape> = new Set<ArtShape>(["palette", "compact", "pouch", "sponge", "comb"]);
type Family = "petals" | "drops" | "sparkles";
const FAMILY: Record<ArtShape, Family> = {
  perfume: "petals",
  candle: "petals",
  soap: "petals",
  diffuser: "petals",
  jar: "drops",
  serum: "drops",
  pump: "drops",
  shampoo: "drops",
  tube: "drops",
  sponge: "drops",
  lipstick: "sparkles",
  palette: "sparkles",
  brush: "sparkles",
  compact: "sparkles",
  mascara: "sparkles",
  pencil: "sparkles",
  polish: "sparkles",
  pouch: "sparkles",
  comb: "sparkles",
};

const FLOOR = 660;

function shadow(cx: number, w: number): string {
  return `<ellipse cx="${r1(cx)}" cy="${FLOOR + 4}" rx="${r1(w * 1.15)}" ry="${r1(Math.max(18, w * 0.14))}" fill="url(#f)"/>`;
}

/** Places an object (drawn around x=400 on the floor) at cx with scale s. */
function place(obj: Drawing, cx: number, s: number, extra = ""): string {
  const body =
    s === 1 && cx === 400 && !extra
      ? obj.svg
      : `<g transform="${extra}translate(${r1(cx - 400 * s)} ${r1(FLOOR - FLOOR * s)}) scale(${s})">${obj.svg}</g>`;
  return shadow(cx, obj.w * s) + body;
}

function productBox(t: Tones): string {
  const front = lighten(t.p, 0.55);
  return (
    shadow(265, 130) +
    `<path d="M150 250L200 220H430L380 250Z" fill="#${lighten(t.p, 0.75)}"/>` +
    `<path d="M380 250L430 220V630L380 660Z" fill="#${lighten(t.p, 0.3)}"/>` +
    `<rect x="150" y="250" width="230" height="410" fill="#${front}"/>` +
    `<rect x="150" y="560" width="230" height="10" fill="url(#g)"/>` +
    `<circle cx="265" cy="400" r="48" fill="none" stroke="url(#g)" stroke-width="4"/>` +
    `<circle cx="265" cy="400" r="8" fill="url(#g)"/>`
  );
}

function decorations(family: Family, t: Tones, rand: () => number): string {
  const out: string[] = [];
  for (let i = 0; i < 8; i++) {
    const x = r1(60 + rand() * 680);
    let y = r1(70 + rand() * 420);
    // Keep the space above the object clear (it stands on the right in this composition).
    if (x > 420 && y > 190) y = r1(60 + rand() * 120);
    const k = r1(0.6 + rand() * 0.8);
    const rot = Math.round(rand() * 360);
    if (family === "petals") {
      const c = i % 2 ? t.pll : mix(t.p, t.s, 0.45);
      out.push(
        `<path d="M0 0C14-22 46-22 60 0C46 22 14 22 0 0Z" transform="translate(${x} ${y}) rotate(${rot}) scale(${k})" fill="#${c}" opacity=".85"/>`,
      );
    } else if (family === "drops") {
      out.push(
        `<g transform="translate(${x} ${y}) scale(${k})"><path d="M0-30C12-12 20 0 20 10A20 20 0 0 1-20 10C-20 0-12-12 0-30Z" fill="#${t.pl}" opacity=".8"/><ellipse cx="-7" cy="6" rx="4" ry="7" fill="#fff" opacity=".7"/></g>`,
      );
    } else if (i % 2) {
      out.push(`<circle cx="${x}" cy="${y}" r="${r1(4 + k * 6)}" fill="#${i % 4 === 1 ? t.pl : "e6cf8f"}" opacity=".8"/>`);
    } else {
      out.push(`<path d="M0-18L4-4 18 0 4 4 0 18-4 4-18 0-4-4Z" transform="translate(${x} ${y}) scale(${k})" fill="url(#g)"/>`);
    }
  }
  return out.join("");
}

function defs(t: Tones, shape: ArtShape): string {
  const stops = (pairs: [number, string][]) => pairs.map(([o, c]) => `<stop offset="${o}" stop-color="#${c}"/>`).join("");
  let extra = "";
  if (shape === "brush") {
    extra = `<linearGradient id="r" x1="0" y1="0" x2="0" y2="1">${stops([
      [0, t.pl],
      [0.45, "ead8c0"],
      [1, "6b4a3a"],
    ])}</linearGradient>`;
  }
  if (shape === "candle") {
    extra = `<linearGradient id="fl" x1="0" y1="0" x2="0" y2="1">${stops([
      [0, "fff6c8"],
      [0.6, "ffc25a"],
      [1, "ff8a3d"],
    ])}</linearGradient>`;
  }
  return (
    `<defs>` +
    `<linearGradient id="b" x1="0" y1="0" x2="0" y2="1">${stops([
      [0, t.sl],
      [1, t.sd],
    ])}</linearGradient>` +
    `<radialGradient id="w">${`<stop offset="0" stop-color="#fff" stop-opacity=".55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/>`}</radialGradient>` +
    `<linearGradient id="p">${stops([
      [0, t.pd],
      [0.3, t.pl],
      [0.55, t.p],
      [1, t.pdd],
    ])}</linearGradient>` +
    `<linearGradient id="d">${stops([
      [0, darken(t.p, 0.7)],
      [0.35, darken(t.p, 0.35)],
      [1, darken(t.p, 0.8)],
    ])}</linearGradient>` +
    `<linearGradient id="g">${stops([
      [0, "8c6b32"],
      [0.35, "f2e0a8"],
      [0.6, "c9a45a"],
      [1, "7a5a26"],
    ])}</linearGradient>` +
    `<radialGradient id="f"><stop offset="0" stop-color="#000" stop-opacity=".3"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>` +
    extra +
    `</defs>`
  );
}

export function renderProductArtSvg(p: ArtParams): string {
  const t = tonesOf(p.primary.toLowerCase(), p.secondary.toLowerCase());
  const obj = OBJECTS[p.shape](t);
  let scene: string;
  if (p.variant === 1) {
    scene = place(obj, 400, 1);
  } else if (p.variant === 2) {
    scene = FLAT.has(p.shape) ? place(obj, 410, 1.22, "rotate(-9 400 460) ") : productBox(t) + place(obj, 520, 0.86);
  } else {
    const rand = mulberry32(hashString(`${p.shape}/${p.primary}/${p.secondary}`));
    scene =
      decorations(FAMILY[p.shape], t, rand) +
      `<path d="M56 618C130 560 300 552 424 578C478 590 486 632 432 648C330 678 170 676 88 654C46 642 36 630 56 618Z" fill="#${t.pl}" opacity=".92"/>` +
      `<path d="M104 612C180 584 300 580 404 598" stroke="#fff" stroke-width="9" stroke-linecap="round" fill="none" opacity=".4"/>` +
      `<path d="M150 640C240 650 330 648 400 632" stroke="#${t.pd}" stroke-width="5" stroke-linecap="round" fill="none" opacity=".25"/>` +
      place(obj, 540, 0.74);
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">` +
    defs(t, p.shape) +
    `<rect width="800" height="800" fill="url(#b)"/>` +
    `<circle cx="400" cy="380" r="340" fill="url(#w)"/>` +
    `<rect y="600" width="800" height="200" fill="#${t.sd}" opacity=".35"/>` +
    scene +
    `</svg>`
  );
}
