// How large a request body may be, one constant per promise (docs/decisions/023-requests-checked-at-the-door.md).
// The Node server's backstop (server/request-guards.mjs), each route's own bound, the forms'
// checks before sending and the API document all read these, so what the shop promises is what
// it accepts. Plain JavaScript: the Node server imports it without the build.

const MEGABYTE = 1024 * 1024;

/** JSON and form bodies: far above any form of the shop, far below what hurts the server. */
export const FORM_BODY_MAX_BYTES = 1 * MEGABYTE;
/** One image as the raw body: a product image or a review photo (spec back-office §5). */
export const IMAGE_UPLOAD_MAX_BYTES = 5 * MEGABYTE;
/** The catalogue import's two files (docs/decisions/051-catalogue-import-export.md). */
export const CATALOG_CSV_MAX_BYTES = 20 * MEGABYTE;
export const CATALOG_ZIP_MAX_BYTES = 200 * MEGABYTE;
/** Both files and the import form's few fields in one multipart body. */
export const CATALOG_IMPORT_BODY_MAX_BYTES = CATALOG_CSV_MAX_BYTES + CATALOG_ZIP_MAX_BYTES + 64 * 1024;

/**
 * The server's backstop sits this far above a large route's own bound, so a body just past the
 * bound reaches the route and reads the route's own French message (the spec's, for images).
 */
export const BACKSTOP_MARGIN_BYTES = 1 * MEGABYTE;

/** The routes that take more than a form, and their own bound. */
export const LARGE_BODY_ROUTES = [
  { paths: ["/api/v1/admin/product-images", "/api/v1/review-photos"], maxBytes: IMAGE_UPLOAD_MAX_BYTES },
  {
    paths: ["/admin/produits/import", "/admin/produits/import.data", "/admin/produits/import/progression"],
    maxBytes: CATALOG_IMPORT_BODY_MAX_BYTES,
  },
];

/** The backstop for a path: its route's bound plus the margin, or the form limit. */
export function bodyLimitFor(pathname) {
  const route = LARGE_BODY_ROUTES.find((entry) => entry.paths.includes(pathname));
  return route ? route.maxBytes + BACKSTOP_MARGIN_BYTES : FORM_BODY_MAX_BYTES;
}

/** "5 Mo": a limit as the French pages and the API document write it. */
export function megabytes(bytes) {
  return `${Math.round((bytes / MEGABYTE) * 10) / 10} Mo`;
}
