/** The demo shop's free samples (decision 067): vials, sachets and minis, with stock, so `npm start` shows the choice. */
import type { Executor } from "../client";
import { seedDemoSamples } from "~/.server/modules/samples/samples.service";

export const DEMO_SAMPLES = [
  {
    name: "Eau de parfum Fleur d'Oranger",
    brand: "Maison Solène",
    description: "Flacon vaporisateur 1,5 ml",
    image_url: "",
    stock_quantity: 120,
  },
  { name: "Eau de parfum Ambre Boisé", brand: "Atelier Noé", description: "Flacon vaporisateur 1,5 ml", image_url: "", stock_quantity: 80 },
  { name: "Sérum Éclat Vitamine C", brand: "Lumière Botanique", description: "Mini flacon 5 ml", image_url: "", stock_quantity: 60 },
  { name: "Crème Hydratante Rose", brand: "Jardin de Grasse", description: "Sachet 3 ml", image_url: "", stock_quantity: 200 },
  { name: "Crème Contour des Yeux", brand: "Lumière Botanique", description: "Sachet 2 ml", image_url: "", stock_quantity: 90 },
  { name: "Huile Sèche Nacrée", brand: "Maison Solène", description: "Mini flacon 5 ml", image_url: "", stock_quantity: 40 },
  { name: "Masque Nuit Réparateur", brand: "Jardin de Grasse", description: "Sachet 4 ml", image_url: "", stock_quantity: 3 },
] as const;

/** Into a shop without samples only: an owner's own samples are never touched. */
export function seedDemoSamplesIfNone(db: Executor): Promise<number> {
  return seedDemoSamples(db, DEMO_SAMPLES);
}
