import { apiLoader } from "~/.server/api/route";
import { getDb } from "~/.server/db";
import { jsonOk } from "~/.server/http";
import { listBrands } from "~/.server/modules/catalog/brands.service";

/** GET /api/v1/brands: every brand A–Z with its product count. */
export const loader = apiLoader(async () => {
  const brands = await listBrands(await getDb());
  return jsonOk({ data: brands }, { maxAge: 60 });
});
