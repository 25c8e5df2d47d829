import { describe, expect, it } from "vitest";
import { safeAdminReturn, withReturn } from "./sign-in-return";

describe("safeAdminReturn", () => {
  it("keeps a back-office page with its query and fragment", () => {
    expect(safeAdminReturn("/admin")).toBe("/admin");
    expect(safeAdminReturn("/admin/commandes?page=2")).toBe("/admin/commandes?page=2");
    expect(safeAdminReturn("/admin/clients/42#commandes")).toBe("/admin/clients/42#commandes");
    expect(safeAdminReturn("/admin?vue=semaine")).toBe("/admin?vue=semaine");
  });

  it.each([
    [null],
    [""],
    ["admin/commandes"],
    ["https://evil.example/admin"],
    ["//evil.example/admin"],
    ["/\\evil.example/admin"],
    ["/admin\\..\\..\\evil"],
    ["/administration"],
    ["/admin-evil"],
    ["/admin/../compte"],
    ["/admin/%2e%2e/compte"],
    ["/admin/connexion"],
    ["/admin/connexion/"],
    ["/admin/connexion?retour=/admin"],
    ["/admin/double-authentification?retour=/admin"],
    ["/admin/commandes\n"],
    ["javascript:alert(1)"],
  ])("sends %j to the dashboard", (raw) => {
    expect(safeAdminReturn(raw)).toBe("/admin");
  });
});

describe("withReturn", () => {
  it("carries the return, left out when it is the dashboard", () => {
    expect(withReturn("/admin/connexion", "/admin/commandes?page=2")).toBe("/admin/connexion?retour=%2Fadmin%2Fcommandes%3Fpage%3D2");
    expect(withReturn("/admin/connexion", "/admin")).toBe("/admin/connexion");
  });
});
