import { useEffect, useState } from "react";
import { fetchMyReviews, type MyReviews } from "../review-api";

/**
 * What the signed-in shopper may do with this product's reviews, asked in the browser (the
 * product page is the same for all): the variants they may still review and their own reviews
 * (null until known), and whether the form is open.
 */
export function useMyReviews(productId: string) {
  const [mine, setMine] = useState<MyReviews | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let live = true;
    void fetchMyReviews(productId).then((mine) => live && setMine(mine.ok ? mine.data : { variants: [], own: [] }));
    // The address of 'Donner mon avis' from an order opens the form directly.
    if (window.location.hash === "#donner-mon-avis") setOpen(true);
    return () => {
      live = false;
    };
  }, [productId]);

  return { mine, setMine, open, setOpen };
}
