import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { admin, twoFactor } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import * as schema from "../db/schema";
import { getEnv } from "../env";
import { getSessionSecret } from "../secrets";
import { createProfile } from "../modules/accounts/profile.service";
import { countRecentFailures, recordLogin } from "../modules/accounts/login-history.service";
import { PASSWORD_MAX, PASSWORD_MIN, splitFullName } from "~/features/auth/auth.rules";

/** Header the Node server sets from the socket address (clients cannot forge it). */
export const CLIENT_IP_HEADER = "x-aurore-client-ip";

export type AuthOptions = {
  publicUrl: string;
  secret: string;
  adminEmail?: string;
  rateLimitMax: number;
  lockoutThreshold: number;
  lockoutSeconds: number;
};

export function authOptionsFromEnv(): AuthOptions {
  const env = getEnv();
  return {
    publicUrl: env.publicUrl,
    secret: getSessionSecret(),
    adminEmail: env.ADMIN_EMAIL?.toLowerCase(),
    rateLimitMax: env.AUTH_RATE_LIMIT_MAX,
    lockoutThreshold: env.AUTH_LOCKOUT_THRESHOLD,
    lockoutSeconds: env.AUTH_LOCKOUT_SECONDS,
  };
}

function trustedOrigins(publicUrl: string): string[] {
  const origins = new Set([new URL(publicUrl).origin]);
  const { port } = new URL(publicUrl);
  // The same server reached as localhost or 127.0.0.1 during development and tests.
  if (port) for (const host of ["localhost", "127.0.0.1"]) origins.add(`http://${host}:${port}`);
  return [...origins];
}

/**
 * The auth library configured for the shop: e-mail and password, sessions in HttpOnly SameSite=Lax
 * cookies (Secure over HTTPS), roles (admin plugin), TOTP two-factor with backup codes, rate limits
 * per IP kept in the database, and a per-account lockout after repeated failures.
 * The administrator is recognised on the server by role, never by an e-mail check in the browser.
 */
export function createAuth(db: Database, options: AuthOptions) {
  const secure = options.publicUrl.startsWith("https://");
  return betterAuth({
    appName: "Aurore",
    baseURL: options.publicUrl,
    basePath: "/api/auth",
    secret: options.secret,
    trustedOrigins: trustedOrigins(options.publicUrl),
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
        rateLimit: schema.rateLimit,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    user: {
      deleteUser: { enabled: false },
    },
    advanced: {
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: options.rateLimitMax },
        "/sign-up/email": { window: 60, max: options.rateLimitMax },
        "/two-factor/*": { window: 60, max: options.rateLimitMax },
        "/change-password": { window: 60, max: options.rateLimitMax },
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (newUser) => {
            const isAdmin = options.adminEmail && newUser.email.toLowerCase() === options.adminEmail;
            return { data: { ...newUser, role: isAdmin ? "admin" : "user" } };
          },
          after: async (created, ctx) => {
            const body = (ctx?.body ?? {}) as { firstName?: unknown; lastName?: unknown };
            const split = splitFullName(created.name);
            const firstName = typeof body.firstName === "string" && body.firstName.trim() ? body.firstName.trim() : split.firstName;
            const lastName =
              typeof body.lastName === "string" ? body.lastName.trim() || null : body.firstName ? null : split.lastName;
            await createProfile(db, { userId: created.id, firstName: firstName || "Client", lastName });
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/email") return;
        const email = String((ctx.body as { email?: unknown })?.email ?? "").toLowerCase();
        if (!email) return;
        const [account] = await db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, email));
        if (!account) return;
        const failures = await countRecentFailures(db, account.id, options.lockoutSeconds);
        if (failures >= options.lockoutThreshold) {
          throw new APIError("TOO_MANY_REQUESTS", {
            code: "ACCOUNT_LOCKED",
            message: "Trop de tentatives. Veuillez patienter quelques minutes avant de réessayer.",
          });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const isPasswordStep = ctx.path === "/sign-in/email";
        const isSecondFactor = ctx.path === "/two-factor/verify-totp" || ctx.path === "/two-factor/verify-backup-code";
        if (!isPasswordStep && !isSecondFactor) return;
        // A code verified to switch 2FA on (no pending sign-in cookie) is not a sign-in.
        const cookie = ctx.request?.headers.get("cookie") ?? "";
        if (isSecondFactor && !/(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=/.test(cookie)) return;
        const ipAddress = ctx.request?.headers.get(CLIENT_IP_HEADER) ?? null;
        const userAgent = ctx.request?.headers.get("user-agent") ?? null;
        const newSession = ctx.context.newSession;
        // With 2FA on, the two-factor plugin (whose hook runs after this one) turns the password
        // step's session into a code challenge: the sign-in is recorded when the code is verified.
        const awaitsSecondFactor =
          isPasswordStep && Boolean((newSession?.user as { twoFactorEnabled?: boolean } | undefined)?.twoFactorEnabled);
        if (newSession && !awaitsSecondFactor) {
          await recordLogin(db, {
            userId: newSession.user.id,
            sessionId: newSession.session.id,
            successful: true,
            ipAddress,
            userAgent,
          });
          return;
        }
        if (newSession) return;
        const returned = ctx.context.returned;
        const failed = returned instanceof APIError || (returned instanceof Error && "status" in returned);
        if (!failed) return; // password accepted, second factor still to come
        let userId: string | null = null;
        if (isPasswordStep) {
          const email = String((ctx.body as { email?: unknown })?.email ?? "").toLowerCase();
          const [account] = email
            ? await db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, email))
            : [];
          userId = account?.id ?? null;
        }
        if (isPasswordStep || userId) await recordLogin(db, { userId, successful: false, ipAddress, userAgent });
      }),
    },
    plugins: [
      admin({ defaultRole: "user", adminRoles: ["admin"] }),
      twoFactor({
        issuer: "Aurore",
        backupCodeOptions: { amount: 8, length: 8 },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
