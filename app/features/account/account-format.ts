/** Display helpers of the account area (French wording, fr-FR dates). */

export const DEVICE_TYPE_LABELS: Record<string, string> = {
  mobile: "Mobile",
  tablet: "Tablette",
  desktop: "Ordinateur",
};

export const UNKNOWN = "Inconnu";

/**
 * "12/05/2025 14:03" in the user's time zone. Formatted on the server so the browser's own
 * zone cannot make the hydrated text differ from the server HTML.
 */
export function formatDateTime(value: Date | string, timeZone = "Europe/Paris"): string {
  return new Intl.DateTimeFormat("fr-FR", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
  }).format(typeof value === "string" ? new Date(value) : value);
}

export function deviceTypeLabel(deviceType: string | null | undefined): string {
  return (deviceType && DEVICE_TYPE_LABELS[deviceType]) || UNKNOWN;
}
