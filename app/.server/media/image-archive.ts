/**
 * The ZIP of images sent with a catalogue import (docs/decisions/051-catalogue-import-export.md):
 * the CSV names images by file name, the ZIP holds them, and each one goes through the product
 * image pipeline (product-images.ts). The shop's network is closed, so images are never fetched
 * by URL. Entries are found by their base name (folders inside the ZIP do not matter); only the
 * entries the CSV names are decompressed, and an entry announcing more than
 * CATALOG_ZIP_ENTRY_MAX_BYTES is refused before it is inflated (a ZIP bomb stops there).
 */
import { unzipSync } from "fflate";
import { invalid } from "~/domain/errors";
import {
  CATALOG_ZIP_ENTRY_MAX_BYTES,
  CATALOG_ZIP_MAX_BYTES,
  ZIP_INVALID_MESSAGE,
  ZIP_TOO_LARGE_MESSAGE,
} from "~/domain/catalog/catalog-csv";
import { IMAGE_TOO_LARGE_MESSAGE } from "~/domain/catalog/admin-product-form.schema";

const baseName = (path: string) => path.split(/[\\/]/).pop() ?? path;

const zipInvalid = () => invalid("zip_invalid", ZIP_INVALID_MESSAGE);

/** The base names of the files in the ZIP (directories skipped), without decompressing anything. */
export function listArchiveImages(zip: Uint8Array): Set<string> {
  if (zip.byteLength > CATALOG_ZIP_MAX_BYTES) throw invalid("zip_too_large", ZIP_TOO_LARGE_MESSAGE);
  const names = new Set<string>();
  try {
    unzipSync(zip, {
      filter(file) {
        if (!file.name.endsWith("/")) names.add(baseName(file.name));
        return false;
      },
    });
  } catch {
    throw zipInvalid();
  }
  return names;
}

/** The bytes of the named files (by base name); names absent from the ZIP are absent from the map. */
export function readArchiveImages(zip: Uint8Array, wanted: ReadonlySet<string>): Map<string, Uint8Array> {
  if (zip.byteLength > CATALOG_ZIP_MAX_BYTES) throw invalid("zip_too_large", ZIP_TOO_LARGE_MESSAGE);
  let tooLarge: string | null = null;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, {
      filter(file) {
        if (!wanted.has(baseName(file.name))) return false;
        if (file.originalSize > CATALOG_ZIP_ENTRY_MAX_BYTES) {
          tooLarge = baseName(file.name);
          return false;
        }
        return true;
      },
    });
  } catch {
    throw zipInvalid();
  }
  if (tooLarge) throw invalid("image_too_large", `${tooLarge} : ${IMAGE_TOO_LARGE_MESSAGE}`);
  const byName = new Map<string, Uint8Array>();
  for (const [path, data] of Object.entries(files)) {
    // A file that announced a small size and inflated past the bound is refused all the same.
    if (data.byteLength > CATALOG_ZIP_ENTRY_MAX_BYTES) throw invalid("image_too_large", `${baseName(path)} : ${IMAGE_TOO_LARGE_MESSAGE}`);
    byName.set(baseName(path), data);
  }
  return byName;
}
