/**
 * The demonstration's relay points (the demo carrier, carriers/demo-carrier.ts, serves them; a
 * real carrier's points come from its web service, decision 062).
 *
 * The shipped directory is generated, not typed: for each real postal code of mainland France
 * and Corsica (the official list in `codes-postaux`) it derives a few points with clearly
 * fictional shop names, a street, opening hours and a distance, from a hash of the code. Nothing
 * is stored: the same code gives the same points on every instance, and an id (`RP-75011-2`)
 * names its code and rank, so it is checked by regenerating it (docs/decisions/032-delivery-methods.md).
 */
import { communesOfPostalCode, knownPostalCodes } from "~/.server/postal-codes/postal-codes";
import type { RelayPoint } from "~/domain/delivery/relay-points";
import { RELAY_POINTS_PER_SEARCH } from "~/lib/shop-rules";

export interface RelayDirectory {
  /** Points near a postal code, nearest first; empty for an unknown code or one outside the area served. */
  search(postalCode: string, limit?: number): Promise<RelayPoint[]>;
  /** One point by id, or null when it does not exist. */
  get(id: string): Promise<RelayPoint | null>;
}

const SHOPS = [
  "Tabac-Presse de l'Horizon",
  "Épicerie Fine des Quatre Vents",
  "Librairie du Lavoir",
  "Pressing des Tilleuls",
  "Fleuriste Pétale et Mousse",
  "Droguerie de la Fontaine",
  "Cave du Vieux Pressoir",
  "Supérette des Lilas",
  "Boutique Fil et Aiguille",
  "Papeterie de la Gare",
  "Relais Café du Marché",
  "Quincaillerie du Moulin",
];
const STREETS = [
  "rue des Acacias",
  "avenue du Belvédère",
  "place de l'Église",
  "rue du Commerce",
  "boulevard des Écoles",
  "rue de la Poste",
  "chemin des Vignes",
  "rue Victor-Hugo",
  "avenue de la République",
  "rue des Jardins",
];
const HOURS = [
  "Lun. au ven. 9h-19h, sam. 9h-13h",
  "Lun. au sam. 8h30-19h30",
  "Mar. au sam. 10h-19h",
  "Lun. au ven. 7h-20h, sam. et dim. 8h-13h",
];

/** Deterministic 32-bit hash (FNV-1a) of a text. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Mainland France and Corsica: the relay network of the shipped directory. */
function servedCode(code: string): boolean {
  return /^[0-9]{5}$/.test(code) && !/^9[78]/.test(code) && communesOfPostalCode(code).length > 0;
}

function titleCase(name: string): string {
  return name.toLowerCase().replace(/(^|[\s'-])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase());
}

/** The points of one code: 2 or 3, spread over its communes. `ring` 0 is the searched code, 1 a neighbour. */
function pointsOf(code: string, ring: number): RelayPoint[] {
  const communes = communesOfPostalCode(code);
  const seed = hash(code);
  const count = 2 + (seed % 2);
  const points: RelayPoint[] = [];
  for (let rank = 1; rank <= count; rank++) {
    const h = hash(`${code}-${rank}`);
    const tenths = ring === 0 ? 2 + (h % 28) : 30 + (h % 120);
    points.push({
      id: `RP-${code}-${rank}`,
      name: `${SHOPS[h % SHOPS.length]} (point relais fictif)`,
      street: `${1 + (h % 98)} ${STREETS[(h >>> 8) % STREETS.length]}`,
      postal_code: code,
      city: titleCase(communes[(h >>> 16) % communes.length] ?? ""),
      opening_hours: HOURS[(h >>> 4) % HOURS.length],
      distance_km: tenths / 10,
    });
  }
  return points;
}

/** The directory shipped with the shop (see the header). */
export const generatedRelayDirectory: RelayDirectory = {
  async search(postalCode, limit = RELAY_POINTS_PER_SEARCH) {
    const code = postalCode.trim();
    if (!servedCode(code)) return [];
    const codes = knownPostalCodes();
    const at = codes.indexOf(code);
    // The neighbours: the codes just before and after in the same département.
    const neighbours = [codes[at - 1], codes[at + 1], codes[at + 2]].filter(
      (c): c is string => c !== undefined && c.slice(0, 2) === code.slice(0, 2) && servedCode(c),
    );
    const found = [...pointsOf(code, 0), ...neighbours.flatMap((c) => pointsOf(c, 1))];
    return found.sort((a, b) => a.distance_km - b.distance_km || a.id.localeCompare(b.id)).slice(0, limit);
  },
  async get(id) {
    const match = /^RP-([0-9]{5})-([1-9])$/.exec(id.trim());
    if (!match || !servedCode(match[1])) return null;
    return pointsOf(match[1], 0).find((p) => p.id === id.trim()) ?? null;
  },
};
