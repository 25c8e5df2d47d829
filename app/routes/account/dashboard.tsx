import { data, Form, redirect, redirectDocument } from "react-router";
import { isAPIError } from "better-auth/api";
import QRCode from "qrcode";
import type { Route } from "./+types/dashboard";
import { CLIENT_IP_HEADER } from "~/.server/auth/auth.server";
import { getAuth, getCurrentSession, requireUser, type CurrentSession } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { listLoginHistory, recordLogout } from "~/.server/modules/accounts/login-history.service";
import { deleteAccount } from "~/.server/modules/accounts/gdpr.service";
import { getPreferences, savePreferences } from "~/.server/modules/accounts/preferences.service";
import {
  createSecurityReport,
  findOwnSessionToken,
  listActiveSessions,
  listOtherSessionIds,
  recordSecurityEvent,
  relinkLoginSession,
  type RequestOrigin,
  type SecurityEventInput,
} from "~/.server/modules/accounts/security.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { DeleteAccountSchema, WRONG_PASSWORD_MESSAGE } from "~/domain/account/account-deletion.schema";
import { tooManyAttemptsMessage } from "~/domain/auth/auth.rules";
import { isAccountIntent, type AccountActionResult, type AccountIntent } from "~/domain/account/account-actions";
import { formatDateTime } from "~/lib/paris-time";
import { ACCOUNT_TABS, parseAccountTab } from "~/features/account/account-tabs";
import { AccountNav } from "~/features/account/components/account-nav";
import { ProfileTab } from "~/features/account/components/simple-tabs";
import { BeautyPassHistory } from "~/features/loyalty/components/beauty-pass-history";
import { PreferencesTab } from "~/features/account/components/preferences-tab";
import { SecurityTab } from "~/features/account/components/security-tab";
import { OrdersTab } from "~/features/orders/components/orders-tab";
import { AddressesTab } from "~/features/addresses/components/addresses-tab";
import { WishlistTab } from "~/features/favorites/components/wishlist-tab";
import { PaymentTab } from "~/features/payment-methods/components/payment-tab";
import { SupportTab } from "~/features/support/components/support-tab";
import { loadOrdersTab } from "./tab-data/orders.server";
import { loadAddressesTab } from "./tab-data/addresses.server";
import { loadWishlistTab } from "./tab-data/wishlist.server";
import { loadPaymentTab } from "./tab-data/payment.server";
import { loadSupportTab } from "./tab-data/support.server";
import { loadLoyaltyTab } from "./tab-data/loyalty.server";
import { NotificationsTab } from "~/features/notifications/components/notifications-tab";
import { loadNotificationsTab } from "./tab-data/notifications.server";
import { PreferencesSchema } from "~/domain/account/preferences.schema";
import {
  ChangePasswordSchema,
  PASSWORD_CRITERIA_MESSAGE,
  SecurityReportSchema,
  SessionTargetSchema,
  TwoFactorDisableSchema,
  TwoFactorSetupSchema,
  TwoFactorVerifySchema,
  TWO_FACTOR_SETUP_FIRST_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
  WRONG_TWO_FACTOR_CODE_MESSAGE,
  firstIssueMessage,
} from "~/domain/account/security.schema";
import { readFormData } from "~/.server/forms";

const SECURITY_TAB_URL = "/dashboard?tab=security";

export async function loader({ request }: Route.LoaderArgs) {
  const tab = parseAccountTab(new URL(request.url).searchParams.get("tab"));
  const current = await getCurrentSession(request);
  if (!current) return data({ signedIn: false as const, tab }, { status: 401 });
  const db = await getDb();
  const userId = current.user.id;
  const account = { email: current.user.email, name: current.user.name };

  if (tab === "security") {
    const { timezone } = await getPreferences(db, userId);
    const sessions = await listActiveSessions(db, userId, current.sessionId);
    const history = await listLoginHistory(db, userId);
    return {
      signedIn: true as const,
      tab,
      account,
      preferences: null,
      orders: null,
      addresses: null,
      wishlist: null,
      payment: null,
      support: null,
      loyalty: null,
      notifications: null,
      security: {
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
      },
    };
  }
  const preferences = tab === "preferences" ? await getPreferences(db, userId) : null;
  // Each tab's data comes from its own module (tab-data/*.server.ts), loaded only for that tab.
  const orders = tab === "orders" ? await loadOrdersTab(db, userId) : null;
  const addresses = tab === "addresses" ? await loadAddressesTab(db, userId) : null;
  const wishlist = tab === "wishlist" ? await loadWishlistTab(db, userId) : null;
  const payment = tab === "payment" ? await loadPaymentTab(db, userId) : null;
  const support = tab === "support" ? await loadSupportTab(db, userId) : null;
  const loyalty = tab === "profile" ? await loadLoyaltyTab(db, userId) : null;
  const notifications = tab === "notifications" ? await loadNotificationsTab(db, userId) : null;
  return { signedIn: true as const, tab, account, preferences, orders, addresses, wishlist, payment, support, loyalty, notifications, security: null };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(_: Route.MetaArgs) {
  return [{ title: "Mon Compte | Aurore" }, { name: "robots", content: "noindex" }];
}

export const ErrorBoundary = RouteErrorBoundary;

/* ------------------------------------------------------------------------------------------ */
/* Action: one per route, dispatching on the hidden `intent` field.                            */
/* ------------------------------------------------------------------------------------------ */

function reply(intent: AccountActionResult["intent"], result: Omit<AccountActionResult, "intent">, init?: ResponseInit) {
  return data<AccountActionResult>({ intent, ...result }, init);
}

function fail(intent: AccountActionResult["intent"], status: number, message: string, init?: ResponseInit) {
  return reply(intent, { ok: false, message }, { ...init, status });
}

/** The auth library's Set-Cookie lines, to send with our own response. */
function forwardCookies(from: Headers, into: Headers = new Headers()): Headers {
  for (const cookie of from.getSetCookie()) into.append("Set-Cookie", cookie);
  return into;
}

/** The session token the auth library just set (it replaces the session on sensitive changes). */
function newSessionToken(from: Headers): string | null {
  for (const cookie of from.getSetCookie()) {
    const match = /^(?:__Secure-)?better-auth\.session_token=([^;]*)/.exec(cookie);
    const value = match ? decodeURIComponent(match[1]) : "";
    if (value) return value.split(".")[0] || null;
  }
  return null;
}

function authErrorCode(error: unknown): string | undefined {
  return isAPIError(error) ? (error.body?.code as string | undefined) : undefined;
}

/**
 * The auth library refused before checking anything: too many wrong passwords or codes lately
 * (decision 022). The answer says how long to wait.
 */
function refusedForTooManyAttempts(intent: AccountActionResult["intent"], error: unknown) {
  if (!isAPIError(error) || error.body?.code !== "TOO_MANY_ATTEMPTS") return null;
  const retryAfter = Number((error.body as { retryAfterSeconds?: unknown }).retryAfterSeconds) || 60;
  return fail(intent, 429, tooManyAttemptsMessage(retryAfter), { headers: { "Retry-After": String(retryAfter) } });
}

function logUnexpected(intent: string, error: unknown) {
  if (!isAPIError(error)) console.error(`[dashboard] ${intent} failed:`, error);
}

/** The signed-in user, or null when the session is gone (the forms then say so). */
async function currentUserOrNull(request: Request): Promise<CurrentSession | null> {
  try {
    return await requireUser(request);
  } catch (error) {
    const init = (error as { init?: ResponseInit | null } | null)?.init;
    if (init?.status === 401) return null;
    throw error;
  }
}

type IntentContext = {
  request: Request;
  form: Record<string, FormDataEntryValue>;
  current: CurrentSession;
  origin: RequestOrigin;
};

export async function action({ request }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const intentValue = formData.get("intent");
  const intent: AccountIntent | "unknown" = isAccountIntent(intentValue) ? intentValue : "unknown";
  const current = await currentUserOrNull(request);
  if (!current) {
    if (intent === "logout") throw redirect("/");
    return fail(intent, 401, "Utilisateur non connecté");
  }
  const ctx: IntentContext = {
    request,
    form: Object.fromEntries(formData),
    current,
    origin: { ip: request.headers.get(CLIENT_IP_HEADER) || null, ua: request.headers.get("user-agent") },
  };
  switch (intent) {
    case "logout":
      return logout(ctx);
    case "change-password":
      return changePassword(ctx);
    case "revoke-session":
      return revokeSession(ctx);
    case "revoke-other-sessions":
      return revokeOtherSessions(ctx);
    case "2fa-enable":
      return enableTwoFactor(ctx);
    case "2fa-verify":
      return verifyTwoFactor(ctx);
    case "2fa-disable":
      return disableTwoFactor(ctx);
    case "security-report":
      return submitSecurityReport(ctx);
    case "save-preferences":
      return updatePreferences(ctx);
    case "delete-account":
      return removeAccount(ctx);
    default:
      return fail("unknown", 400, "Une erreur est survenue");
  }
}

function event(ctx: IntentContext, eventType: SecurityEventInput["eventType"], description: string, metadata = {}) {
  return {
    userId: ctx.current.user.id,
    eventType,
    description,
    ipAddress: ctx.origin.ip,
    userAgent: ctx.origin.ua,
    metadata,
  } satisfies SecurityEventInput;
}

async function logout({ request, current }: IntentContext) {
  const auth = await getAuth();
  const db = await getDb();
  const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
  await recordLogout(db, current.sessionId, "manual_logout");
  throw redirect("/", { headers: forwardCookies(headers) });
}

async function changePassword(ctx: IntentContext) {
  const intent = "change-password";
  const parsed = ChangePasswordSchema.safeParse(ctx.form);
  if (!parsed.success) return fail(intent, 400, firstIssueMessage(parsed.error));
  const { id: userId } = ctx.current.user;
  const db = await getDb();
  const auth = await getAuth();
  const others = await listOtherSessionIds(db, userId, ctx.current.sessionId);
  let headers: Headers;
  try {
    const result = await auth.api.changePassword({
      body: { currentPassword: parsed.data.currentPassword, newPassword: parsed.data.newPassword, revokeOtherSessions: true },
      headers: ctx.request.headers,
      returnHeaders: true,
    });
    headers = result.headers;
  } catch (error) {
    const code = authErrorCode(error);
    const limited = refusedForTooManyAttempts(intent, error);
    if (limited) return limited;
    if (code === "INVALID_PASSWORD") return fail(intent, 400, WRONG_CURRENT_PASSWORD_MESSAGE);
    if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG") return fail(intent, 400, PASSWORD_CRITERIA_MESSAGE);
    logUnexpected(intent, error);
    return fail(intent, 500, "Erreur lors du changement de mot de passe");
  }
  // Every session was replaced by a new one for this browser: the others are signed out.
  const token = newSessionToken(headers);
  if (token) await relinkLoginSession(db, userId, ctx.current.sessionId, token);
  for (const id of others) await recordLogout(db, id, "terminated_by_user");
  await recordSecurityEvent(db, event(ctx, "password_changed", "Mot de passe modifié", { otherSessionsEnded: others.length }));
  return reply(intent, { ok: true, message: "Mot de passe modifié avec succès" }, { headers: forwardCookies(headers) });
}

async function revokeSession(ctx: IntentContext) {
  const intent = "revoke-session";
  const failure = "Erreur lors de la terminaison de la session";
  const parsed = SessionTargetSchema.safeParse(ctx.form);
  if (!parsed.success) return fail(intent, 400, failure);
  const { sessionId } = parsed.data;
  const db = await getDb();
  const auth = await getAuth();
  try {
    if (sessionId === ctx.current.sessionId) {
      await recordSecurityEvent(db, event(ctx, "session_terminated", "Session actuelle terminée", { sessionId, current: true }));
      await recordLogout(db, sessionId, "terminated_by_user");
      const { headers } = await auth.api.signOut({ headers: ctx.request.headers, returnHeaders: true });
      // Ending the current session signs out and reloads the page.
      return redirectDocument(SECURITY_TAB_URL, { headers: forwardCookies(headers) });
    }
    // Only one of the user's own sessions can be found here: the id alone is not enough.
    const token = await findOwnSessionToken(db, ctx.current.user.id, sessionId);
    if (!token) return fail(intent, 404, failure);
    await auth.api.revokeSession({ body: { token }, headers: ctx.request.headers });
    await recordLogout(db, sessionId, "terminated_by_user");
    await recordSecurityEvent(db, event(ctx, "session_terminated", "Session terminée", { sessionId }));
    return reply(intent, { ok: true, message: "Session terminée" });
  } catch (error) {
    logUnexpected(intent, error);
    return fail(intent, 500, failure);
  }
}

async function revokeOtherSessions(ctx: IntentContext) {
  const intent = "revoke-other-sessions";
  const db = await getDb();
  const auth = await getAuth();
  try {
    const others = await listOtherSessionIds(db, ctx.current.user.id, ctx.current.sessionId);
    await auth.api.revokeOtherSessions({ headers: ctx.request.headers });
    for (const id of others) await recordLogout(db, id, "terminated_by_user");
    await recordSecurityEvent(
      db,
      event(ctx, "all_sessions_terminated", "Toutes les autres sessions terminées", { count: others.length }),
    );
    return reply(intent, { ok: true, message: "Toutes les autres sessions ont été terminées" });
  } catch (error) {
    logUnexpected(intent, error);
    return fail(intent, 500, "Erreur lors de la terminaison des sessions");
  }
}

async function enableTwoFactor(ctx: IntentContext) {
  const intent = "2fa-enable";
  const failure = "Erreur lors de la configuration du 2FA";
  const parsed = TwoFactorSetupSchema.safeParse(ctx.form);
  if (!parsed.success) return fail(intent, 400, firstIssueMessage(parsed.error));
  if (ctx.current.user.twoFactorEnabled) return fail(intent, 409, failure);
  const auth = await getAuth();
  try {
    // Creates (or replaces) an unverified secret: sign-in needs no code until one is verified.
    const result = await auth.api.enableTwoFactor({ body: { password: parsed.data.password }, headers: ctx.request.headers });
    if (!("totpURI" in result) || !result.totpURI) return fail(intent, 500, failure);
    const secret = new URL(result.totpURI).searchParams.get("secret") ?? "";
    // Drawn here, never by a third-party image service: the secret stays between us and the user.
    const qrSvg = await QRCode.toString(result.totpURI, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
    return reply(intent, { ok: true, setup: { qrSvg, secret, backupCodes: result.backupCodes ?? [] } });
  } catch (error) {
    const limited = refusedForTooManyAttempts(intent, error);
    if (limited) return limited;
    if (authErrorCode(error) === "INVALID_PASSWORD") return fail(intent, 400, WRONG_CURRENT_PASSWORD_MESSAGE);
    logUnexpected(intent, error);
    return fail(intent, 500, failure);
  }
}

async function verifyTwoFactor(ctx: IntentContext) {
  const intent = "2fa-verify";
  const parsed = TwoFactorVerifySchema.safeParse(ctx.form);
  if (!parsed.success) return fail(intent, 400, WRONG_TWO_FACTOR_CODE_MESSAGE);
  if (ctx.current.user.twoFactorEnabled) return fail(intent, 409, "Erreur lors de l'activation du 2FA");
  const db = await getDb();
  const auth = await getAuth();
  let headers: Headers;
  try {
    // The first valid code activates two-factor sign-in (and replaces the session).
    const result = await auth.api.verifyTOTP({
      body: { code: parsed.data.code },
      headers: ctx.request.headers,
      returnHeaders: true,
    });
    headers = result.headers;
  } catch (error) {
    const limited = refusedForTooManyAttempts(intent, error);
    if (limited) return limited;
    const code = authErrorCode(error);
    if (code === "INVALID_CODE") return fail(intent, 400, WRONG_TWO_FACTOR_CODE_MESSAGE);
    // A code sent before the setup step created a secret: nothing to verify yet.
    if (code === "TOTP_NOT_ENABLED") return fail(intent, 409, TWO_FACTOR_SETUP_FIRST_MESSAGE);
    logUnexpected(intent, error);
    return fail(intent, 500, "Erreur lors de l'activation du 2FA");
  }
  const token = newSessionToken(headers);
  if (token) await relinkLoginSession(db, ctx.current.user.id, ctx.current.sessionId, token);
  await recordSecurityEvent(db, event(ctx, "2fa_enabled", "Authentification à deux facteurs activée"));
  return reply(
    intent,
    { ok: true, message: "L'authentification à deux facteurs est activée" },
    { headers: forwardCookies(headers) },
  );
}

async function disableTwoFactor(ctx: IntentContext) {
  const intent = "2fa-disable";
  const failure = "Erreur lors de la désactivation du 2FA";
  const parsed = TwoFactorDisableSchema.safeParse(ctx.form);
  if (!parsed.success) return fail(intent, 400, firstIssueMessage(parsed.error));
  if (!ctx.current.user.twoFactorEnabled) return fail(intent, 409, failure);
  const db = await getDb();
  const auth = await getAuth();
  try {
    // A valid current code first: a stolen password alone cannot switch the second factor off.
    await auth.api.verifyTOTP({ body: { code: parsed.data.code }, headers: ctx.request.headers });
  } catch (error) {
    const limited = refusedForTooManyAttempts(intent, error);
    if (limited) return limited;
    if (authErrorCode(error) === "INVALID_CODE") return fail(intent, 400, WRONG_TWO_FACTOR_CODE_MESSAGE);
    logUnexpected(intent, error);
    return fail(intent, 500, failure);
  }
  let headers: Headers;
  try {
    const result = await auth.api.disableTwoFactor({
      body: { password: parsed.data.password },
      headers: ctx.request.headers,
      returnHeaders: true,
    });
    headers = result.headers;
  } catch (error) {
    const limited = refusedForTooManyAttempts(intent, error);
    if (limited) return limited;
    if (authErrorCode(error) === "INVALID_PASSWORD") return fail(intent, 400, WRONG_CURRENT_PASSWORD_MESSAGE);
    logUnexpected(intent, error);
    return fail(intent, 500, failure);
  }
  const token = newSessionToken(headers);
  if (token) await relinkLoginSession(db, ctx.current.user.id, ctx.current.sessionId, token);
  await recordSecurityEvent(db, event(ctx, "2fa_disabled", "Authentification à deux facteurs désactivée"));
  return reply(
    intent,
    { ok: true, message: "L'authentification à deux facteurs est désactivée" },
    { headers: forwardCookies(headers) },
  );
}

async function submitSecurityReport(ctx: IntentContext) {
  const intent = "security-report";
  const parsed = SecurityReportSchema.safeParse(ctx.form);
  if (!parsed.success) return fail(intent, 400, firstIssueMessage(parsed.error));
  try {
    const result = await createSecurityReport(await getDb(), ctx.current.user.id, parsed.data, ctx.origin);
    if (!result.ok) return fail(intent, 400, result.message);
    return reply(intent, {
      ok: true,
      message: "Votre rapport a bien été envoyé. Notre équipe vous répondra sous 24 h.",
    });
  } catch (error) {
    logUnexpected(intent, error);
    return fail(intent, 500, "Erreur lors de l'envoi du rapport. Veuillez réessayer.");
  }
}

async function updatePreferences(ctx: IntentContext) {
  const intent = "save-preferences";
  const parsed = PreferencesSchema.safeParse(ctx.form);
  if (!parsed.success) return fail(intent, 400, firstIssueMessage(parsed.error));
  try {
    await savePreferences(await getDb(), ctx.current.user.id, parsed.data);
    return reply(intent, { ok: true, message: "Préférences enregistrées" });
  } catch (error) {
    logUnexpected(intent, error);
    return fail(intent, 500, "Une erreur est survenue");
  }
}

async function removeAccount(ctx: IntentContext) {
  const intent = "delete-account";
  const parsed = DeleteAccountSchema.safeParse(ctx.form);
  if (!parsed.success) return fail(intent, 400, firstIssueMessage(parsed.error));
  const auth = await getAuth();
  try {
    await auth.api.verifyPassword({ body: { password: parsed.data.password }, headers: ctx.request.headers });
  } catch (error) {
    const limited = refusedForTooManyAttempts(intent, error);
    if (limited) return limited;
    if (authErrorCode(error) === "INVALID_PASSWORD") return fail(intent, 400, WRONG_PASSWORD_MESSAGE);
    logUnexpected(intent, error);
    return fail(intent, 500, "Erreur lors de la suppression du compte");
  }
  // Sign out first: the library needs the session row to clear the cookie properly.
  const { headers } = await auth.api.signOut({ headers: ctx.request.headers, returnHeaders: true });
  try {
    await deleteAccount(await getDb(), ctx.current.user.id);
  } catch (error) {
    logUnexpected(intent, error);
    return fail(intent, 500, "Erreur lors de la suppression du compte", { headers: forwardCookies(headers) });
  }
  // A full document load: the header and every loader forget the signed-in user.
  return redirectDocument("/", { headers: forwardCookies(headers) });
}

/* ------------------------------------------------------------------------------------------ */

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  if (!loaderData.signedIn) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="font-display text-3xl">Connexion requise</h1>
        <p className="mt-4 text-muted">
          Connectez-vous pour accéder à votre compte : commandes, adresses, sécurité et préférences.
        </p>
      </div>
    );
  }
  const { tab, account } = loaderData;
  const tabLabel = ACCOUNT_TABS.find((t) => t.id === tab)?.label ?? "Profil";

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-4 border-b border-line pb-6">
        <div>
          <h1 className="font-display text-3xl sm:text-4xl">Mon Compte</h1>
          <p className="mt-1 text-muted">
            Bienvenue, <span className="font-semibold text-ink">{account.email}</span>
          </p>
        </div>
        <Form method="post" action="/dashboard">
          <input type="hidden" name="intent" value="logout" />
          <button
            type="submit"
            className="min-h-11 rounded-full border border-line px-5 font-semibold hover:border-accent hover:text-accent"
          >
            Déconnexion
          </button>
        </Form>
      </div>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:mt-8 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
        <AccountNav active={tab} />
        <section aria-label={tabLabel} className="min-w-0">
          {tab === "profile" && (
            <ProfileTab
              name={account.name}
              email={account.email}
              loyaltyHistory={loaderData.loyalty && <BeautyPassHistory summary={loaderData.loyalty.summary} />}
            />
          )}
          {tab === "security" && loaderData.security && (
            <SecurityTab
              email={account.email}
              twoFactorEnabled={loaderData.security.twoFactorEnabled}
              sessions={loaderData.security.sessions}
              history={loaderData.security.history}
            />
          )}
          {tab === "preferences" && loaderData.preferences && <PreferencesTab preferences={loaderData.preferences} />}
          {tab === "orders" && <OrdersTab data={loaderData.orders} />}
          {tab === "addresses" && <AddressesTab data={loaderData.addresses} />}
          {tab === "wishlist" && <WishlistTab data={loaderData.wishlist} />}
          {tab === "payment" && <PaymentTab data={loaderData.payment} />}
          {tab === "support" && <SupportTab data={loaderData.support} />}
          {tab === "notifications" && <NotificationsTab data={loaderData.notifications} />}
        </section>
      </div>
    </div>
  );
}
