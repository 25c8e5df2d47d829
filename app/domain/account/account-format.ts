/** Display helpers of the account area (French wording; dates come from ~/lib/paris-time). */

export const DEVICE_TYPE_LABELS: Record<string, string> = {
  mobile: "Mobile",
  tablet: "Tablette",
  desktop: "Ordinateur",
};

export const UNKNOWN = "Inconnu";

export function deviceTypeLabel(deviceType: string | null | undefined): string {
  return (deviceType && DEVICE_TYPE_LABELS[deviceType]) || UNKNOWN;
}
