export const FORM_BODY_MAX_BYTES: number;
export const IMAGE_UPLOAD_MAX_BYTES: number;
export const CATALOG_CSV_MAX_BYTES: number;
export const CATALOG_ZIP_MAX_BYTES: number;
export const CATALOG_IMPORT_BODY_MAX_BYTES: number;
export const BACKSTOP_MARGIN_BYTES: number;
export const LARGE_BODY_ROUTES: ReadonlyArray<{ readonly paths: readonly string[]; readonly maxBytes: number }>;
export function bodyLimitFor(pathname: string): number;
export function megabytes(bytes: number): string;
