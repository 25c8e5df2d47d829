import { describe, expect, it } from "vitest";
import { readReviewPageQuery } from "./reviews";
import { averageRating, reviewAuthorName } from "./review-rules";

describe("reviews rules", () => {
  it("shows an author as first name and initial, never a full name", () => {
    expect(reviewAuthorName("Camille", "Durand")).toBe("Camille D.");
    expect(reviewAuthorName("Camille Durand", "")).toBe("Camille D.");
    expect(reviewAuthorName("  Jean  Pierre  Martin ", null)).toBe("Jean M.");
    expect(reviewAuthorName("Léa", null)).toBe("Léa");
    expect(reviewAuthorName("", "Durand")).toBe("Client Aurore");
  });

  it("averages to one decimal, 0 without reviews", () => {
    expect(averageRating(13, 3)).toBe(4.3);
    expect(averageRating(0, 0)).toBe(0);
  });

  it("reads the page's review parameters, falling back on bad values", () => {
    expect(readReviewPageQuery(new URLSearchParams("avis_tri=rating_asc&avis_note=2&avis_page=3"))).toMatchObject({
      sort: "rating_asc",
      stars: 2,
      page: 3,
    });
    expect(readReviewPageQuery(new URLSearchParams("avis_tri=nope&avis_note=9"))).toMatchObject({ sort: "recent", page: 1 });
  });
});
