import type { Database } from "~/.server/db/client";
import type { CurrentSession } from "~/.server/auth/session.server";
import { listLoginHistory } from "~/.server/modules/accounts/login-history.service";
import { listActiveSessions } from "~/.server/modules/accounts/security.service";
/**
 * Data of the dashboard's "Sécurité" tab: two-factor state, active sessions and sign-in history.
 * Instants go out as ISO strings: the page writes them in its language and the user's time zone.
 */
export async function loadSecurityTab(db: Database, current: CurrentSession) {
  const userId = current.user.id;
  const sessions = await listActiveSessions(db, userId, current.sessionId);
  const history = await listLoginHistory(db, userId);
  return {
    twoFactorEnabled: current.user.twoFactorEnabled,
    sessions: sessions.map((s) => ({ ...s, createdAt: new Date(s.createdAt).toISOString() })),
    history: history.map((h) => ({
      id: h.id,
      createdAt: new Date(h.createdAt).toISOString(),
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
