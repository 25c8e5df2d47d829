import type { Database } from "~/.server/db/client";
import type { CurrentSession } from "~/.server/auth/session.server";
import { listLoginHistory } from "~/.server/modules/accounts/login-history.service";
import { getPreferences } from "~/.server/modules/accounts/preferences.service";
import { listActiveSessions } from "~/.server/modules/accounts/security.service";
import { formatDateTime } from "~/lib/paris-time";

/**
 * Data of the dashboard's "Sécurité" tab: two-factor state, active sessions and sign-in history,
 * dated in the user's own time zone.
 */
export async function loadSecurityTab(db: Database, current: CurrentSession) {
  const userId = current.user.id;
  const { timezone } = await getPreferences(db, userId);
  const sessions = await listActiveSessions(db, userId, current.sessionId);
  const history = await listLoginHistory(db, userId);
  return {
    twoFactorEnabled: current.user.twoFactorEnabled,
    sessions: sessions.map((s) => ({ ...s, createdAt: formatDateTime(s.createdAt, timezone) })),
    history: history.map((h) => ({
      id: h.id,
      createdAt: formatDateTime(h.createdAt, timezone),
      successful: h.loginSuccessful,
      deviceType: h.deviceType,
      browser: h.browser,
      os: h.os,
      ipAddress: h.ipAddress,
      city: h.city,
      country: h.country,
    })),
  };
}

export type SecurityTabData = Awaited<ReturnType<typeof loadSecurityTab>>;
