import type { SizeGuideTables } from "./size-guide";

/** The size guide's tables in English (decision 044): the same rows, in the same order, as ./size-guide.ts. */
export const SIZE_GUIDE_TABLES_EN: SizeGuideTables = {
  perfumes: [
    {
      size: "15 ml",
      description: "Miniature or travel spray",
      usage: "Trying a new perfume, slipping into a bag",
      duration: "About 6 weeks",
    },
    {
      size: "30 ml",
      description: "Small bottle",
      usage: "Occasional wear or a seasonal perfume",
      duration: "About 3 months",
    },
    {
      size: "50 ml",
      description: "The most popular size",
      usage: "Everyday wear of a perfume you already love",
      duration: "About 5 to 6 months",
    },
    {
      size: "75 ml",
      description: "Mid-size bottle",
      usage: "Everyday wear, good value per millilitre",
      duration: "About 8 months",
    },
    {
      size: "100 ml",
      description: "Large bottle",
      usage: "A signature perfume worn every day",
      duration: "About 11 months",
    },
    {
      size: "150 ml",
      description: "Extra-large bottle",
      usage: "A signature perfume, worn generously or shared",
      duration: "About 16 months",
    },
  ],
  makeup: [
    {
      category: "Mascara",
      sizes: "5 to 12 ml",
      shelfLife: "3 to 6 months",
      info: "Replace it sooner if it dries out or its smell changes.",
    },
    {
      category: "Foundation",
      sizes: "30 ml",
      shelfLife: "12 months",
      info: "About 3 to 4 months of daily use.",
    },
    {
      category: "Lipstick",
      sizes: "3 to 4.5 g",
      shelfLife: "18 to 24 months",
      info: "Keep it away from heat.",
    },
    {
      category: "Powders (complexion, blush, eyeshadow)",
      sizes: "2 to 10 g",
      shelfLife: "24 months",
      info: "Dry textures keep the longest.",
    },
    {
      category: "Liquid eyeliner",
      sizes: "2 to 5 ml",
      shelfLife: "6 months",
      info: "Close it tightly after use so it does not dry out.",
    },
    {
      category: "Pencils (eyes, lips)",
      sizes: "1 to 1.5 g",
      shelfLife: "24 months",
      info: "Sharpen them regularly for a clean tip.",
    },
  ],
  skincare: [
    {
      type: "Face cream",
      sizes: "50 ml",
      usage: "About 2 months, morning and evening",
      shelfLife: "6 to 12 months",
    },
    {
      type: "Serum",
      sizes: "30 ml",
      usage: "About 2 to 3 months, a few drops a day",
      shelfLife: "6 to 12 months",
    },
    {
      type: "Eye contour",
      sizes: "15 ml",
      usage: "About 3 months, morning and evening",
      shelfLife: "6 months",
    },
    {
      type: "Cleanser and make-up remover",
      sizes: "150 to 200 ml",
      usage: "About 2 to 3 months",
      shelfLife: "12 months",
    },
    {
      type: "Toner",
      sizes: "200 ml",
      usage: "About 3 months",
      shelfLife: "12 months",
    },
    {
      type: "Body care",
      sizes: "200 to 400 ml",
      usage: "About 1 to 2 months of daily use",
      shelfLife: "12 months",
    },
  ],
};
