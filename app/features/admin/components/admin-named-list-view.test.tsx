// @vitest-environment happy-dom
/**
 * Catégories and Marques for a role that reads the catalogue without changing it (decision 066):
 * the list with its product counts stays, the create form, 'Renommer' and 'Supprimer' are left
 * out and the page says why; the owner keeps them.
 */
import { act, type ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { reactRoot } from "../../../../tests/support/react-root";
import { withI18n } from "../../../../tests/support/i18n";
import { AdminBrandsView } from "./admin-brands-view";
import { AdminCategoriesView } from "./admin-categories-view";
import { readOnlyMessage } from "./read-only-notice";

const dom = reactRoot();

const row = { id: "11111111-1111-4111-8111-111111111111", name: "Soins du visage", slug: "soins-du-visage", product_count: 3 };

async function show(node: ReactNode) {
  const Stub = createRoutesStub([{ path: "/admin/liste", Component: () => withI18n(node) }]);
  await act(async () => dom.root.render(<Stub initialEntries={["/admin/liste"]} />));
}

const buttons = () => [...dom.container.querySelectorAll("button")].map((b) => b.textContent);

describe.each([
  {
    title: "Catégories",
    many: "catégories",
    view: (write?: boolean) => <AdminCategoriesView categories={[row]} may={write === undefined ? undefined : { write }} />,
  },
  {
    title: "Marques",
    many: "marques",
    view: (write?: boolean) => <AdminBrandsView brands={[row]} may={write === undefined ? undefined : { write }} />,
  },
])("$title by role", ({ many, view }) => {
  it("shows a read-only role the list without creating, renaming or deleting, and says why", async () => {
    await show(view(false));
    expect(dom.container.textContent).toContain(readOnlyMessage(`modifier les ${many}`));
    expect(dom.container.textContent).toContain("Soins du visage");
    expect(dom.container.textContent).toContain("3 produits");
    expect(dom.container.querySelector("input[name='name']")).toBeNull();
    expect(dom.container.querySelector("form")).toBeNull();
    expect(buttons()).toEqual([]);
  });

  it("keeps the owner's create form and row buttons, without the line", async () => {
    await show(view());
    expect(dom.container.querySelector("input[name='name']")).not.toBeNull();
    expect(buttons()).toEqual(expect.arrayContaining(["Renommer", "Supprimer"]));
    expect(dom.container.textContent).not.toContain("Lecture seule");
  });
});
