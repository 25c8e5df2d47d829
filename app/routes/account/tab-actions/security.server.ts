/** The intents of the dashboard's "Sécurité" tab: password, sessions, two-factor, security report. */
import { redirectDocument } from "react-router";
import {
  changePassword,
  confirmTwoFactor,
  disableTwoFactor,
  endOtherSessions,
  endSession,
  SECURITY_FAILURE_MESSAGES as FAILURE,
  setUpTwoFactor,
} from "~/.server/modules/accounts/account-security.service";
import { reportSecurityProblem } from "~/.server/workflows/security-report";
import { requestEmailChange, resendVerificationEmail } from "~/.server/modules/accounts/account-recovery.service";
import { accountTabHref } from "~/features/account/account-tabs";
import { ChangeEmailSchema, EMAIL_CHANGE_SENT_MESSAGE, VERIFICATION_SENT_MESSAGE } from "~/domain/auth/account-recovery.schema";
import {
  ChangePasswordSchema,
  SecurityReportSchema,
  SessionTargetSchema,
  TwoFactorDisableSchema,
  TwoFactorSetupSchema,
  TwoFactorVerifySchema,
  WRONG_TWO_FACTOR_CODE_MESSAGE,
} from "~/domain/account/security.schema";
import { securityReportSentMessage } from "~/domain/support/ticket-thread";
import { cookieHeaders, parseForm, reply, type TabIntents } from "./intent.server";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

type SecurityIntent =
  | "change-password"
  | "revoke-session"
  | "revoke-other-sessions"
  | "2fa-enable"
  | "2fa-verify"
  | "2fa-disable"
  | "security-report"
  | "resend-verification"
  | "change-email";

export const SECURITY_INTENTS: TabIntents<SecurityIntent> = {
  "resend-verification": {
    failure: ACCOUNT_MESSAGES.linkCouldNotSentTry,
    handle: async ({ actor }) => {
      await resendVerificationEmail(actor.db, actor.auth, { userId: actor.userId });
      return reply({ intent: "resend-verification" }, VERIFICATION_SENT_MESSAGE);
    },
  },
  "change-email": {
    failure: ACCOUNT_MESSAGES.changeAddressCouldNotRequested,
    handle: async ({ form, actor }) => {
      const { newEmail } = parseForm(ChangeEmailSchema, form);
      await requestEmailChange(actor.db, actor.auth, { userId: actor.userId, headers: actor.headers, newEmail });
      return reply({ intent: "change-email" }, EMAIL_CHANGE_SENT_MESSAGE);
    },
  },
  "change-password": {
    failure: FAILURE.changePassword,
    handle: async ({ form, actor }) => {
      const { setCookies } = await changePassword(actor, parseForm(ChangePasswordSchema, form));
      return reply({ intent: "change-password" }, ACCOUNT_MESSAGES.passwordChangedSuccessfully, setCookies);
    },
  },
  "revoke-session": {
    failure: FAILURE.endSession,
    handle: async ({ form, actor }) => {
      const { sessionId } = parseForm(SessionTargetSchema, form, FAILURE.endSession);
      const ended = await endSession(actor, sessionId);
      // Ending the current session signs out and reloads the page.
      if (ended.signedOut) return redirectDocument(accountTabHref("security"), { headers: cookieHeaders(ended.setCookies) });
      return reply({ intent: "revoke-session" }, ACCOUNT_MESSAGES.sessionEnded);
    },
  },
  "revoke-other-sessions": {
    failure: FAILURE.endOtherSessions,
    handle: async ({ actor }) => {
      await endOtherSessions(actor);
      return reply({ intent: "revoke-other-sessions" }, ACCOUNT_MESSAGES.allOtherSessionsEnded);
    },
  },
  "2fa-enable": {
    failure: FAILURE.setUpTwoFactor,
    handle: async ({ form, actor }) => {
      const setup = await setUpTwoFactor(actor, parseForm(TwoFactorSetupSchema, form).password);
      return reply({ intent: "2fa-enable", setup });
    },
  },
  "2fa-verify": {
    failure: FAILURE.confirmTwoFactor,
    handle: async ({ form, actor }) => {
      const { code } = parseForm(TwoFactorVerifySchema, form, WRONG_TWO_FACTOR_CODE_MESSAGE);
      const { setCookies } = await confirmTwoFactor(actor, code);
      return reply({ intent: "2fa-verify" }, ACCOUNT_MESSAGES.twoFactorAuthentication, setCookies);
    },
  },
  "2fa-disable": {
    failure: FAILURE.disableTwoFactor,
    handle: async ({ form, actor }) => {
      const { setCookies } = await disableTwoFactor(actor, parseForm(TwoFactorDisableSchema, form));
      return reply({ intent: "2fa-disable" }, ACCOUNT_MESSAGES.twoFactorAuthenticationOff, setCookies);
    },
  },
  "security-report": {
    failure: FAILURE.securityReport,
    handle: async ({ form, actor }) => {
      const receipt = await reportSecurityProblem(actor.db, actor.userId, parseForm(SecurityReportSchema, form), actor.origin);
      return reply({ intent: "security-report" }, securityReportSentMessage(receipt.ticketNumber));
    },
  },
};
