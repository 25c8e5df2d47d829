/**
 * The participant's hold on their chat conversation: the token in an httpOnly cookie, never
 * readable by scripts, sent only to this site (decision 047).
 */
import { getEnv } from "~/.server/env";
import { CHAT_COOKIE, CHAT_COOKIE_MAX_AGE_S } from "~/domain/chat/chat-cookie";

export { CHAT_COOKIE };

export function readChatToken(request: Request): string | null {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === CHAT_COOKIE) {
      const value = rest.join("=");
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
    }
  }
  return null;
}

export function chatCookieHeader(token: string): string {
  const secure = getEnv().publicUrl.startsWith("https://") ? "; Secure" : "";
  return `${CHAT_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${CHAT_COOKIE_MAX_AGE_S}${secure}`;
}

export function chatOpenNow(hoursOpen: (alwaysOpen: boolean) => boolean): boolean {
  return hoursOpen(getEnv().CHAT_ALWAYS_OPEN === "true");
}
