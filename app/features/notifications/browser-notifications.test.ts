import { afterEach, describe, expect, it, vi } from "vitest";
import { askNotificationPermissionOnce, showBrowserNotification } from "./browser-notifications";

const shown: { title: string; body?: string }[] = [];
const requestPermission = vi.fn(async () => "granted");

/** A browser whose Notification API records what it is asked. */
function stubBrowser(permission: NotificationPermission) {
  class FakeNotification {
    static permission = permission;
    static requestPermission = requestPermission;
    constructor(title: string, options: { body?: string }) {
      shown.push({ title, body: options.body });
    }
  }
  const storage = new Map<string, string>();
  vi.stubGlobal("Notification", FakeNotification);
  vi.stubGlobal("localStorage", { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v) });
  vi.stubGlobal("window", { Notification: FakeNotification });
}

afterEach(() => {
  vi.unstubAllGlobals();
  shown.length = 0;
  requestPermission.mockClear();
});

const notification = { title: "Commande AUR-2026-000001 expédiée", message: "Votre colis est en route." };

describe("browser notifications follow the push switch", () => {
  it("shows the system notification only when the switch is on", () => {
    stubBrowser("granted");
    expect(showBrowserNotification(notification, "n1", "fr", false)).toBe(false);
    expect(shown).toEqual([]);
    expect(showBrowserNotification(notification, "n1", "fr", true)).toBe(true);
    expect(shown).toEqual([{ title: "Commande AUR-2026-000001 expédiée", body: "Votre colis est en route." }]);
  });

  it("never asks for permission when the switch is off", () => {
    stubBrowser("default");
    askNotificationPermissionOnce(false);
    expect(requestPermission).not.toHaveBeenCalled();
    askNotificationPermissionOnce(true);
    expect(requestPermission).toHaveBeenCalledTimes(1);
  });
});
