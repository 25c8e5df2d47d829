import type { Auth } from "../../app/.server/auth/auth.server";

export const AUTH_TEST_BASE = "http://localhost:3999";

/**
 * A browser-like client of the auth library's HTTP handler: keeps its cookies between calls and
 * comes from a fixed client address (the header the Node server sets from the socket).
 */
export function authHandlerClient(auth: Auth, ip: string) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  return {
    jar,
    cookieHeader,
    async call(path: string, body?: unknown, method = body === undefined ? "GET" : "POST") {
      const res = await auth.handler(
        new Request(`${AUTH_TEST_BASE}/api/auth${path}`, {
          method,
          headers: {
            "content-type": "application/json",
            origin: AUTH_TEST_BASE,
            "x-aurore-client-ip": ip,
            "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/150.0 Safari/537.36",
            cookie: cookieHeader(),
          },
          body: method === "GET" ? undefined : typeof body === "string" ? body : JSON.stringify(body ?? {}),
        }),
      );
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(";");
        const i = pair.indexOf("=");
        const [name, value] = [pair.slice(0, i), pair.slice(i + 1)];
        if (value === "" || /max-age=0/i.test(c)) jar.delete(name);
        else jar.set(name, value);
      }
      const text = await res.text();
      let json: Record<string, unknown> | null = null;
      try {
        json = text ? (JSON.parse(text) as Record<string, unknown>) : null;
      } catch {
        json = { text };
      }
      return { status: res.status, json: json as Record<string, any> | null, retryAfter: res.headers.get("retry-after") };
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
