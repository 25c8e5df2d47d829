import { getDb } from "~/.server/db";
import { jsonOk } from "~/.server/http";
import { listCategories } from "~/.server/modules/catalog/catalog.service";

export async function loader() {
  const categories = await listCategories(await getDb());
  return jsonOk({ data: categories }, { maxAge: 60 });
}
