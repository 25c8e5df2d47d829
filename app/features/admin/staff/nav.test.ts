/**
 * The back-office menu follows ADMIN_ROUTE_NEEDS (decision 066): each built-in role sees exactly
 * the pages it may open, and /admin sends a role without the dashboard to one it may open.
 */
import { describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes";
import { ADMIN_ROUTE_NEEDS, pageNeed } from "~/domain/staff/admin-routes";
import { BUILTIN_ROLES } from "~/domain/staff/roles";
import { effectivePermissions, type Permission } from "~/domain/staff/permissions";
import { ADMIN_SECTIONS, firstPageOf, hrefOf, mayOpenSection, meetsNeed, visibleSections } from "./nav";

const labelsOf = (permissions: readonly string[]) => visibleSections(effectivePermissions(permissions)).map((s) => s.label);

function routePaths(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((e) => [...(e.path === undefined ? [] : [e.path]), ...routePaths(e.children ?? [])]);
}

describe("the admin menu", () => {
  it("links every entry to a route of the route config that the table lists", () => {
    const paths = routePaths(routes);
    for (const section of ADMIN_SECTIONS) {
      expect(paths).toContain(section.path);
      expect(pageNeed(section.path)).toBeDefined();
    }
  });

  it("shows the owner every entry, Équipe included", () => {
    expect(labelsOf(BUILTIN_ROLES.owner.permissions)).toEqual(ADMIN_SECTIONS.map((s) => s.label));
    expect(labelsOf(BUILTIN_ROLES.owner.permissions)).toContain("Équipe");
  });

  it("hides Équipe from the administrator, who holds everything but the owner's rights", () => {
    const labels = labelsOf(BUILTIN_ROLES.administrator.permissions);
    expect(labels).not.toContain("Équipe");
    expect(labels).toContain("Paramètres");
    expect(labels).toHaveLength(ADMIN_SECTIONS.length - 1);
  });

  it("shows logistics its orders, stock, returns and the catalogue it reads, not the clients", () => {
    expect(labelsOf(BUILTIN_ROLES.logistics.permissions)).toEqual([
      "Produits",
      "Catégories",
      "Marques",
      "Échantillons",
      "Gestion Stock",
      "Commandes",
      "Beauty Box",
      "Retours",
    ]);
  });

  it("shows the accountant orders and Comptabilité only", () => {
    expect(labelsOf(BUILTIN_ROLES.accountant.permissions)).toEqual(["Commandes", "Beauty Box", "Comptabilité"]);
  });

  it("shows customer service the orders, returns, reviews, clients, tickets and chat", () => {
    expect(labelsOf(BUILTIN_ROLES.customer_service.permissions)).toEqual([
      "Commandes",
      "Beauty Box",
      "Retours",
      "Avis",
      "Clients",
      "Support",
      "Chat",
    ]);
  });

  it("shows read-only the dashboard and Paramètres, not Équipe (a manage permission, no read)", () => {
    const labels = labelsOf(BUILTIN_ROLES.read_only.permissions);
    expect(labels).toContain("Tableau de bord");
    expect(labels).toContain("Paramètres");
    expect(labels).not.toContain("Équipe");
  });

  it("shows the dashboard only with the statistics, though /admin itself opens for any staff member", () => {
    const dashboard = ADMIN_SECTIONS.find((s) => s.path === "admin")!;
    expect(ADMIN_ROUTE_NEEDS.admin.GET).toBe("staff");
    expect(mayOpenSection(["statistics.read"], dashboard)).toBe(true);
    expect(mayOpenSection(["orders.read"], dashboard)).toBe(false);
  });

  it("counts a write as reading its area", () => {
    expect(labelsOf(["catalog.write"] satisfies Permission[])).toEqual(["Produits", "Catégories", "Marques", "Échantillons"]);
  });
});

describe("where /admin sends a role without the dashboard", () => {
  it("sends it to its first menu entry, never back to /admin", () => {
    expect(firstPageOf(BUILTIN_ROLES.logistics.permissions)).toBe("/admin/produits");
    expect(firstPageOf(BUILTIN_ROLES.accountant.permissions)).toBe("/admin/commandes");
    expect(firstPageOf(BUILTIN_ROLES.owner.permissions)).toBe("/admin/produits");
  });

  it("finds a page outside the menu for a role that holds only that one", () => {
    expect(firstPageOf(["webhooks.read"])).toBe("/admin/parametres/webhooks");
  });

  it("finds none for a role without any page", () => {
    expect(firstPageOf([])).toBeNull();
    // A bounded refund is done from an order's page: alone, it opens nothing.
    expect(firstPageOf(["refunds.write"])).toBeNull();
  });

  it("sends a role only where its page's need is met", () => {
    for (const role of Object.values(BUILTIN_ROLES)) {
      const first = firstPageOf(role.permissions);
      const path = ADMIN_SECTIONS.find((s) => hrefOf(s.path) === first)?.path ?? "admin/parametres/webhooks";
      expect(meetsNeed(role.permissions, pageNeed(path))).toBe(true);
    }
  });
});

describe("meetsNeed", () => {
  it("asks nothing for staff and public needs, and refuses a route without one", () => {
    expect(meetsNeed([], "staff")).toBe(true);
    expect(meetsNeed([], "public")).toBe(true);
    expect(meetsNeed(BUILTIN_ROLES.owner.permissions, undefined)).toBe(false);
  });
});
