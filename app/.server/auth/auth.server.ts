import { revealingOutage } from "../db/availability";
import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { admin, twoFactor } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import * as schema from "../db/schema";
import { getEnv } from "../env";
import { getSessionSecret } from "../secrets";
import { createProfile } from "../modules/accounts/profile.service";
import { recordLogin } from "../modules/accounts/login-history.service";
import { recordCommercialEmailRefusal, saveLanguagePreference } from "../modules/accounts/preferences.service";
import { languageFromCookieHeader } from "~/domain/i18n/languages";
import { requestSubscription } from "../modules/newsletter/newsletter.service";
import { recordFactorCheck } from "../modules/staff/staff.service";
import { log } from "../logger";
import { enqueueMail } from "../outbox/outbox.service";
import { renderMail } from "../mail/templates";
import { EMAIL_VERIFICATION_HOURS, PASSWORD_RESET_LINK_MINUTES } from "~/lib/shop-rules";
import { PASSWORD_MAX, PASSWORD_MIN, authErrorMessage, splitFullName, tooManyAttemptsMessage } from "~/domain/auth/auth.rules";
import {
  DEFAULT_SECRET_CHECK_LIMITS,
  DEFAULT_SIGN_IN_LIMITS,
  beginSecondFactorAttempt,
  beginSecretCheck,
  beginSignInAttempt,
  endSecondFactorAttempt,
  endSecretCheck,
  endSignInAttempt,
  forgetSignInFailures,
  type Attempt,
  type SecondFactorAttempt,
  type SecretCheckLimits,
  type SignInLimits,
} from "./attempt-limits";
import { isOpenEndpoint, refuseAuthInput } from "./auth-input";
import { authExecutor, queueAuthMail, transactionalAuthAdapter } from "./auth-transaction";
import { firstNameOfUser, mailLanguageOf } from "~/.server/db/recipients";
import * as COMMON_MESSAGES from "~/domain/messages/common";

/** What the sign-up form sends beside the library's own fields (auth-input.ts checks them). */
type SignUpExtras = {
  firstName?: unknown;
  lastName?: unknown;
  birthDate?: unknown;
  refuseCommercialEmails?: unknown;
  newsletter?: unknown;
};

/** Header the Node server sets from the socket address (clients cannot forge it). */
export const CLIENT_IP_HEADER = "x-aurore-client-ip";

export type AuthOptions = {
  publicUrl: string;
  secret: string;
  adminEmail?: string;
  /** Requests per IP address and minute on the sign-in, sign-up and two-factor endpoints. */
  rateLimitMax: number;
  signInLimits?: Partial<SignInLimits>;
  secretCheckLimits?: Partial<SecretCheckLimits>;
};

export function authOptionsFromEnv(): AuthOptions {
  const env = getEnv();
  return {
    publicUrl: env.publicUrl,
    secret: getSessionSecret(),
    adminEmail: env.ADMIN_EMAIL?.toLowerCase(),
    rateLimitMax: env.AUTH_RATE_LIMIT_MAX,
    signInLimits: {
      freeFailures: env.AUTH_SIGNIN_FREE_FAILURES,
      firstDelaySeconds: env.AUTH_SIGNIN_FIRST_DELAY_SECONDS,
      maxDelaySeconds: env.AUTH_SIGNIN_MAX_DELAY_SECONDS,
      ipMaxFailures: env.AUTH_SIGNIN_IP_MAX_FAILURES,
      accountMaxFailures: env.AUTH_SIGNIN_ACCOUNT_MAX_FAILURES,
      windowSeconds: env.AUTH_SIGNIN_WINDOW_SECONDS,
    },
    secretCheckLimits: {
      maxFailures: env.AUTH_SECRET_CHECK_MAX_FAILURES,
      windowSeconds: env.AUTH_SECRET_CHECK_WINDOW_SECONDS,
    },
  };
}

/**
 * Endpoints that check a signed-in user's password or two-factor code. The two code checks are
 * also the second step of a sign-in (no session yet): that step counts its wrong codes per
 * account and address with the sign-in's delays (beginSecondFactorAttempt), on top of the
 * library's five codes per challenge.
 */
const SECRET_CHECK_PATHS = new Set([
  "/change-password",
  "/verify-password",
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/get-totp-uri",
  "/two-factor/generate-backup-codes",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
]);

/** The second factor's checks: the sign-in's code step, an enrolment's first code, a re-check. */
const SECOND_FACTOR_PATHS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);

/** The refusals of a code that was checked and wrong; any other refusal checked no code. */
const WRONG_CODE_ERRORS = new Set(["INVALID_CODE", "INVALID_BACKUP_CODE"]);

/** The cookie the two-factor plugin sets at the password step (its TWO_FACTOR_COOKIE_NAME). */
const TWO_FACTOR_CHALLENGE_COOKIE = "two_factor";

/** Codes whose message we wrote ourselves (French already, with details worth keeping). */
const OWN_ERROR_CODES = new Set(["TOO_MANY_ATTEMPTS", "INVALID_INPUT"]);

function tooManyAttempts(retryAfterSeconds: number): APIError {
  return new APIError(
    "TOO_MANY_REQUESTS",
    { code: "TOO_MANY_ATTEMPTS", message: tooManyAttemptsMessage(retryAfterSeconds), retryAfterSeconds },
    { "Retry-After": String(retryAfterSeconds) },
  );
}

function clientIp(ctx: { request?: Request; headers?: Headers }): string | null {
  return ctx.request?.headers.get(CLIENT_IP_HEADER) || ctx.headers?.get(CLIENT_IP_HEADER) || null;
}

function parseJsonObject(text: string): { code?: unknown; message?: unknown } | null {
  try {
    const value: unknown = text ? JSON.parse(text) : null;
    return value && typeof value === "object" ? (value as { code?: unknown }) : null;
  } catch {
    return null; // not JSON: a plain text answer of the library, given a French message below
  }
}

/**
 * Every error the library answers over HTTP carries a French message (its code stays, for
 * programs); its own rate limit's wait becomes a standard Retry-After header.
 */
async function inFrench(response: Response): Promise<Response> {
  if (response.status < 400 || response.status >= 500) return response;
  const body = parseJsonObject(await response.clone().text());
  const code = typeof body?.code === "string" ? body.code : undefined;
  if (code && OWN_ERROR_CODES.has(code)) return response;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  const retryAfter = Number(headers.get("retry-after") ?? headers.get("x-retry-after")) || undefined;
  if (response.status === 429 && retryAfter) headers.set("Retry-After", String(retryAfter));
  const message = authErrorMessage(code, response.status, retryAfter);
  return new Response(JSON.stringify({ ...(body ?? {}), ...(code ? { code } : {}), message }), { status: response.status, headers });
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
 * per IP kept in the database, and sign-in and secret-check limits that slow an attacker down
 * without locking the owner out (decision 022). Over HTTP, only the endpoints the shop uses are
 * open, and their input obeys the app's own rules.
 * The administrator is recognised on the server by role, never by an e-mail check in the browser.
 */
export function createAuth(db: Database, options: AuthOptions) {
  const secure = options.publicUrl.startsWith("https://");
  const signInLimits: SignInLimits = { ...DEFAULT_SIGN_IN_LIMITS, ...options.signInLimits };
  const secretCheckLimits: SecretCheckLimits = { ...DEFAULT_SECRET_CHECK_LIMITS, ...options.secretCheckLimits };
  /** Attempts counted by a before-hook, for the after-hook of the same call to settle. */
  const counted = new WeakMap<
    object,
    | { kind: "sign-in"; attempt: Attempt }
    | { kind: "code"; attempt: SecondFactorAttempt }
    | { kind: "secret"; userId: string; ip: string | null; session: { id: string; staff: boolean } }
  >();
  async function currentEmailOf(userId: string): Promise<string | null> {
    const [row] = await authExecutor(db).select({ email: schema.user.email }).from(schema.user).where(eq(schema.user.id, userId));
    return row?.email ?? null;
  }
  const auth = betterAuth({
    appName: "Aurore",
    baseURL: options.publicUrl,
    basePath: "/api/auth",
    secret: options.secret,
    trustedOrigins: trustedOrigins(options.publicUrl),
    telemetry: { enabled: false },
    // The library's own transactions (sign-up) are ours: the account and its verification mail
    // in the outbox commit together (decision 042).
    database: transactionalAuthAdapter(db),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: true,
      // Single-use links valid one hour; every session ends once the new password is set.
      resetPasswordTokenExpiresIn: PASSWORD_RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      // The link leads to our page, not the library's redirect endpoint (closed over HTTP).
      // Queued in the transaction that stores the token (runAuthInTransaction, decision 042).
      sendResetPassword: ({ user, token }) =>
        queueAuthMail(db, async (tx) => {
          const mail = await renderMail(
            "password-reset",
            {
              firstName: await firstNameOfUser(tx, user.id),
              resetPath: `/reinitialiser-mot-de-passe?token=${encodeURIComponent(token)}`,
              validMinutes: PASSWORD_RESET_LINK_MINUTES,
            },
            { publicUrl: options.publicUrl, language: await mailLanguageOf(tx, user.id) },
          );
          await enqueueMail(tx, { to: user.email, ...mail });
        }),
    },
    // Addresses are verified by link; shopping and signing in never wait for it (decision 042).
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: EMAIL_VERIFICATION_HOURS * 60 * 60,
      sendVerificationEmail: ({ user, url }, request) =>
        queueAuthMail(db, async (tx) => {
          // The change-of-address link goes to the NEW address (user.email is the new one then).
          const isChange = user.email !== (await currentEmailOf(user.id));
          // At sign-up the account has no Préférences yet: the page's language (decision 044).
          const pageLanguage = isChange ? null : languageFromCookieHeader(request?.headers.get("cookie"));
          const mail = await renderMail(
            "email-verification",
            {
              // At sign-up the profile may not be written yet: the name's first word then.
              firstName: (await firstNameOfUser(tx, user.id)) ?? (splitFullName(user.name).firstName || null),
              verifyUrl: url,
              isChange,
              validHours: EMAIL_VERIFICATION_HOURS,
            },
            { publicUrl: options.publicUrl, language: pageLanguage ?? (await mailLanguageOf(tx, user.id)) },
          );
          await enqueueMail(tx, { to: user.email, ...mail });
        }),
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    user: {
      deleteUser: { enabled: false },
      // Confirmed from the new address (verification link); the old one gets a notice from the account action.
      changeEmail: { enabled: true },
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
            const body = (ctx?.body ?? {}) as SignUpExtras;
            const split = splitFullName(created.name);
            const firstName = typeof body.firstName === "string" && body.firstName.trim() ? body.firstName.trim() : split.firstName;
            const lastName = typeof body.lastName === "string" ? body.lastName.trim() || null : body.firstName ? null : split.lastName;
            const dateOfBirth = typeof body.birthDate === "string" && body.birthDate ? body.birthDate : null;
            // The library runs this hook once the sign-up's transaction has committed.
            const executor = authExecutor(db);
            await createProfile(executor, { userId: created.id, firstName: firstName || "Client", lastName, dateOfBirth });
            // The language the visitor browsed in becomes the account's (decision 044).
            const pageLanguage = languageFromCookieHeader(ctx?.request?.headers.get("cookie"));
            if (pageLanguage) await saveLanguagePreference(executor, created.id, pageLanguage);
            // L34-5 CPCE: commercial e-mails about similar products unless refused at sign-up (decision 042).
            if (body.refuseCommercialEmails === true) await recordCommercialEmailRefusal(executor, created.id);
            if (body.newsletter === true) {
              // Double opt-in: the newsletter starts only once its confirmation link is opened.
              await requestSubscription(executor, created.email, options.publicUrl, new Date(), pageLanguage ?? undefined).catch(
                (error: unknown) => log.error({ err: error }, "sign-up: newsletter confirmation not queued"),
              );
            }
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const refusal = refuseAuthInput(ctx.path, ctx.body);
        if (refusal) throw new APIError("BAD_REQUEST", { code: "INVALID_INPUT", message: refusal });
        const ip = clientIp(ctx);
        if (ctx.path === "/sign-in/email") {
          const email = String((ctx.body as { email: string }).email)
            .trim()
            .toLowerCase();
          const [account] = await db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, email));
          const attempt: Attempt = { userId: account?.id ?? null, ip };
          const decision = await beginSignInAttempt(db, attempt, signInLimits);
          if (!decision.allowed) throw tooManyAttempts(decision.retryAfterSeconds);
          counted.set(ctx.context, { kind: "sign-in", attempt });
          return;
        }
        if (SECRET_CHECK_PATHS.has(ctx.path)) {
          const current = await getSessionFromCtx(ctx);
          if (current) {
            const decision = await beginSecretCheck(db, current.user.id, ip, secretCheckLimits);
            if (!decision.allowed) throw tooManyAttempts(decision.retryAfterSeconds);
            const staff = (current.user as { role?: string | null }).role === "admin";
            counted.set(ctx.context, { kind: "secret", userId: current.user.id, ip, session: { id: current.session.id, staff } });
          } else if (SECOND_FACTOR_PATHS.has(ctx.path)) {
            // The sign-in's code step: the account is the one whose password step set the
            // library's challenge cookie (signed; its value names a verification row whose
            // value is the user id, as verify-two-factor.mjs reads it).
            const challenge = await ctx.getSignedCookie(ctx.context.createAuthCookie(TWO_FACTOR_CHALLENGE_COOKIE).name, ctx.context.secret);
            const pending = challenge ? await ctx.context.internalAdapter.findVerificationValue(challenge) : null;
            if (pending?.value) {
              const attempt: SecondFactorAttempt = { userId: pending.value, ip };
              const decision = await beginSecondFactorAttempt(db, attempt, signInLimits);
              if (!decision.allowed) throw tooManyAttempts(decision.retryAfterSeconds);
              counted.set(ctx.context, { kind: "code", attempt });
            }
          }
        }
        // A new password ends every other session, whoever asks (the dashboard already does).
        if (ctx.path === "/change-password") {
          return { context: { body: { ...(ctx.body as Record<string, unknown>), revokeOtherSessions: true } } };
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        const failed = returned instanceof APIError || (returned instanceof Error && "status" in returned);
        const pending = counted.get(ctx.context);
        if (pending?.kind === "secret" && !failed) await endSecretCheck(db, pending.userId, pending.ip);
        const isPasswordStep = ctx.path === "/sign-in/email";
        const isSecondFactor = SECOND_FACTOR_PATHS.has(ctx.path);
        if (pending?.kind === "code") {
          const errorCode = failed ? String((returned as { body?: { code?: unknown } }).body?.code ?? "") : "";
          if (!failed) await endSecondFactorAttempt(db, pending.attempt, "right");
          else if (!WRONG_CODE_ERRORS.has(errorCode)) await endSecondFactorAttempt(db, pending.attempt, "unchecked");
        }
        if (isSecondFactor && !failed) {
          // The session that just passed the second factor, for requireRecentSecondFactor: the
          // new one of a sign-in or an enrolment (the library replaces the session then), else
          // the current one re-checked before a sensitive action. Only staff sessions need it.
          const created = ctx.context.newSession;
          const checked = created
            ? { id: created.session.id, staff: (created.user as { role?: string | null }).role === "admin" }
            : pending?.kind === "secret"
              ? pending.session
              : null;
          // Inside one of our transactions when there is one: the new session's row may not be committed yet.
          if (checked?.staff) await recordFactorCheck(authExecutor(db), checked.id);
        }
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
        if (isPasswordStep && newSession && pending?.kind === "sign-in") {
          // A right password is no failure; only a completed sign-in clears this address's streak.
          await endSignInAttempt(db, pending.attempt, !awaitsSecondFactor);
        }
        if (isSecondFactor && newSession) await forgetSignInFailures(db, { userId: newSession.user.id, ip: ipAddress });
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
        if (!failed) return; // password accepted, second factor still to come
        let userId: string | null = null;
        if (isPasswordStep) {
          const email = String((ctx.body as { email?: unknown })?.email ?? "").toLowerCase();
          const [account] = email ? await db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, email)) : [];
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
        // The library's lockout counts wrong codes per account from every address and then
        // refuses the account's codes everywhere, the owner's included: anyone who knows the
        // password could lock the owner out. The code step is limited per account and address
        // instead, with the sign-in's delays (beginSecondFactorAttempt, decision 022).
        accountLockout: { enabled: false },
      }),
    ],
  });
  const libraryHandler = auth.handler;
  auth.handler = async (request: Request) => {
    const path = new URL(request.url).pathname.replace(/^\/api\/auth(?=\/|$)/, "");
    if (!isOpenEndpoint(request.method, path)) {
      return Response.json({ code: "NOT_FOUND", message: COMMON_MESSAGES.pageNotFound }, { status: 404 });
    }
    // The library answers a failed query with its own 500: during an outage, the outage's 503.
    return inFrench(
      await revealingOutage(
        () => libraryHandler(request),
        (response) => response.status >= 500,
      ),
    );
  };
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
