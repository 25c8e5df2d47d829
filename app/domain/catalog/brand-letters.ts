/** The A–Z index of /marques: brands grouped by their first letter, accents folded ("Éclat" under E). */
export const BRAND_LETTERS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ", "#"] as const;

export function brandLetter(name: string): string {
  const first = name
    .trim()
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .charAt(0)
    .toUpperCase();
  return first >= "A" && first <= "Z" ? first : "#";
}

export function groupBrandsByLetter<T extends { name: string }>(brands: readonly T[]): { letter: string; brands: T[] }[] {
  const groups = new Map<string, T[]>();
  const sorted = [...brands].sort((a, b) => a.name.localeCompare(b.name, "fr", { sensitivity: "base" }));
  for (const brand of sorted) {
    const letter = brandLetter(brand.name);
    groups.set(letter, [...(groups.get(letter) ?? []), brand]);
  }
  return BRAND_LETTERS.filter((l) => groups.has(l)).map((letter) => ({ letter, brands: groups.get(letter)! }));
}
