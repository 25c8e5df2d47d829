/**
 * The back-office guards read ADMIN_ROUTE_NEEDS (decision 066): a form's intent gets the
 * permission the table gives it, an intent the table does not list is refused, and a download
 * refuses in words its client reads.
 */
import { describe, expect, it } from "vitest";
import { ADMIN_ROUTE_NEEDS, type AdminRoutePath } from "~/domain/staff/admin-routes";
import { BUILTIN_ROLES } from "~/domain/staff/roles";
import { missingPermissionMessage } from "~/domain/staff/staff-messages";
import type { Permission } from "~/domain/staff/permissions";
import type { StaffSession } from "./session.server";
import { postRefusal, postRefusalError, readStaffForm, requireStaffDownload, routeNeedOf } from "./staff-routes.server";

function sessionWith(permissions: Permission[]): StaffSession {
  return {
    sessionId: "s",
    sessionToken: "t",
    user: {
      id: "u",
      email: "equipe@aurore.test",
      name: "Équipe",
      role: "admin",
      twoFactorEnabled: true,
      emailVerified: true,
      firstName: "Équipe",
      staff: { roleKey: "custom", roleName: "Essai", permissions, status: "active" },
    },
  };
}

describe("routeNeedOf", () => {
  it("gives a page's GET and a POST with one need whatever the intent", () => {
    expect(routeNeedOf("admin/commandes", "GET")).toBe("orders.read");
    expect(routeNeedOf("admin/categories", "POST", "delete")).toBe("catalog.write");
    expect(routeNeedOf("admin/categories", "POST")).toBe("catalog.write");
  });

  it("gives each intent its own need, and a form without an intent the default's", () => {
    expect(routeNeedOf("admin/commandes", "POST", "ship")).toBe("orders.ship");
    expect(routeNeedOf("admin/commandes", "POST", "change-status")).toBe("orders.write");
    expect(routeNeedOf("admin/produits", "POST", "adjust-stock")).toBe("stock.write");
    expect(routeNeedOf("admin/produits", "POST")).toBe("catalog.write");
    expect(routeNeedOf("admin/produits", "POST", "")).toBe("catalog.write");
    expect(routeNeedOf("admin/parametres", "POST", "api-key-create")).toBe("api_keys.manage");
  });

  it("gives nothing for an intent or a method the table does not list", () => {
    expect(routeNeedOf("admin/commandes", "POST")).toBeUndefined();
    expect(routeNeedOf("admin/commandes", "POST", "refund")).toBeUndefined();
    expect(routeNeedOf("admin/commandes", "POST", "toString")).toBeUndefined();
    expect(routeNeedOf("admin/retours", "POST")).toBeUndefined();
    expect(routeNeedOf("admin/produits/import/progression", "GET")).toBeUndefined();
  });
});

describe("postRefusalError", () => {
  it("lets a role holding the intent's permission through", () => {
    expect(postRefusalError(sessionWith(["orders.ship"]), "admin/commandes", "ship")).toBeNull();
    expect(postRefusalError(sessionWith([...BUILTIN_ROLES.owner.permissions]), "admin/parametres", "tax-rates")).toBeNull();
  });

  it("refuses a role without it with the French 403 naming the permission", () => {
    const error = postRefusalError(sessionWith(["orders.ship"]), "admin/commandes", "change-status");
    expect(error).toMatchObject({ kind: "forbidden", code: "missing_permission", message: missingPermissionMessage("orders.write") });
    // The administrator holds everything but the owner's rights: no accounting settings.
    const accounting = postRefusalError(sessionWith([...BUILTIN_ROLES.administrator.permissions]), "admin/parametres", "chart-of-accounts");
    expect(accounting?.code).toBe("missing_permission");
  });

  it("refuses an intent the table does not list, whatever the role holds", () => {
    expect(postRefusalError(sessionWith([...BUILTIN_ROLES.owner.permissions]), "admin/clients", "export-all")).toMatchObject({
      kind: "invalid",
      code: "unknown_intent",
    });
  });

  it("checks every intent of every page the table lists against the permission it names", () => {
    for (const [path, needs] of Object.entries(ADMIN_ROUTE_NEEDS) as [AdminRoutePath, { POST?: unknown }][]) {
      if (!path.startsWith("admin/") || typeof needs.POST !== "object" || needs.POST === null) continue;
      for (const [intent, need] of Object.entries(needs.POST as Record<string, string>)) {
        const sent = intent === "default" ? undefined : intent;
        expect(postRefusalError(sessionWith([need as Permission]), path, sent)).toBeNull();
        expect(postRefusalError(sessionWith([]), path, sent)?.code).toBe("missing_permission");
      }
    }
  });
});

describe("postRefusal", () => {
  it("answers the refusal as an ActionResult with the 403 status", () => {
    const answer = postRefusal(sessionWith([]), "admin/clients", "delete");
    expect(answer?.init?.status).toBe(403);
    expect(answer?.data).toMatchObject({ ok: false, code: "missing_permission", message: missingPermissionMessage("clients.erase") });
    expect(postRefusal(sessionWith(["clients.erase"]), "admin/clients", "delete")).toBeNull();
  });
});

describe("requireStaffDownload", () => {
  const thrownBy = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (thrown) {
      return thrown;
    }
    throw new Error("expected a refusal");
  };

  it("sends a visitor's link to sign in, and back to the download", async () => {
    const thrown = (await thrownBy(
      requireStaffDownload(new Request("http://shop.test/admin/clients/export?status=active"), "admin/clients/export"),
    )) as Response;
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("location")).toBe(`/admin/connexion?retour=${encodeURIComponent("/admin/clients/export?status=active")}`);
  });

  it("answers a script asking for JSON with the API's 401", async () => {
    const request = new Request("http://shop.test/admin/clients/export", { headers: { accept: "text/csv, application/json" } });
    const thrown = (await thrownBy(requireStaffDownload(request, "admin/clients/export"))) as Response;
    expect(thrown.status).toBe(401);
    expect(((await thrown.json()) as { error: { code: string } }).error.code).toBe("unauthenticated");
  });
});

describe("readStaffForm", () => {
  const post = (body: string) =>
    new Request("http://shop.test/admin/produits", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    });

  it("gives the form once its intent's permission is held", async () => {
    const read = await readStaffForm(post("intent=adjust-stock&productId=p"), sessionWith(["stock.write"]), "admin/produits");
    expect(read.ok && read.form.get("productId")).toBe("p");
  });

  it("refuses the intent a role lacks, though it holds another of the page's", async () => {
    const read = await readStaffForm(post("intent=delete&productId=p"), sessionWith(["stock.write"]), "admin/produits");
    expect(read.ok).toBe(false);
    expect(!read.ok && read.answer.init?.status).toBe(403);
    expect(!read.ok && read.answer.data).toMatchObject({ code: "missing_permission", message: missingPermissionMessage("catalog.write") });
  });

  it("takes an empty form for one without an intent: the 403 of the default's permission first", async () => {
    const read = await readStaffForm(post(""), sessionWith(["stock.write"]), "admin/produits");
    expect(!read.ok && read.answer.init?.status).toBe(403);
  });

  it("answers an empty form the form's own 400 for a role that may send it", async () => {
    const thrown = await readStaffForm(post(""), sessionWith(["catalog.write"]), "admin/produits").catch((error: unknown) => error);
    expect(thrown).toMatchObject({ type: "DataWithResponseInit", init: { status: 400 } });
  });

  it("reads another intent field when the page names it so", async () => {
    const request = new Request("http://shop.test/admin/parametres", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "form=exchange-rates&usd=1,1",
    });
    const read = await readStaffForm(request, sessionWith(["settings.read"]), "admin/parametres", (form) => form.get("form"));
    expect(!read.ok && read.answer.data).toMatchObject({ code: "missing_permission", message: missingPermissionMessage("settings.write") });
  });
});
