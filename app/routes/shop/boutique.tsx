import { redirect } from "react-router";

/** Old links to /boutique land on the catalogue. */
export function loader() {
  return redirect("/products", 301);
}
