/** Enough of a User-Agent to show "Chrome sur Windows (ordinateur)"; no lookup service. */
export type DeviceInfo = { deviceType: "mobile" | "tablet" | "desktop"; browser: string; os: string };

export function parseUserAgent(ua: string | null | undefined): DeviceInfo {
  const s = ua ?? "";
  const deviceType: DeviceInfo["deviceType"] = /iPad|Tablet|Android(?!.*Mobile)/i.test(s)
    ? "tablet"
    : /Mobi|iPhone|Android/i.test(s)
      ? "mobile"
      : "desktop";
  const browser = /Edg\//.test(s)
    ? "Edge"
    : /OPR\/|Opera/.test(s)
      ? "Opera"
      : /Firefox\//.test(s)
        ? "Firefox"
        : /HeadlessChrome|Chromium|Chrome\//.test(s)
          ? "Chrome"
          : /Safari\//.test(s)
            ? "Safari"
            : s
              ? "Autre navigateur"
              : "Inconnu";
  const os = /Windows/.test(s)
    ? "Windows"
    : /iPhone|iPad|iOS/.test(s)
      ? "iOS"
      : /Mac OS X|Macintosh/.test(s)
        ? "macOS"
        : /Android/.test(s)
          ? "Android"
          : /Linux|X11/.test(s)
            ? "Linux"
            : s
              ? "Autre système"
              : "Inconnu";
  return { deviceType, browser, os };
}
