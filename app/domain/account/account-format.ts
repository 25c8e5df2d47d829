import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
/** Display helpers of the account area (French wording; dates come from ~/lib/paris-time). */

export const DEVICE_TYPE_LABELS: Record<string, string> = {
  mobile: ACCOUNT_MESSAGES.deviceMobile,
  tablet: ACCOUNT_MESSAGES.deviceTablet,
  desktop: ACCOUNT_MESSAGES.deviceComputer,
};

export const UNKNOWN = ACCOUNT_MESSAGES.unknownLabel;

export function deviceTypeLabel(deviceType: string | null | undefined): string {
  return (deviceType && DEVICE_TYPE_LABELS[deviceType]) || UNKNOWN;
}
