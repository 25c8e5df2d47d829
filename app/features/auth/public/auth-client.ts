/**
 * The auth endpoints' browser calls other features may use (decision 058): the back-office's
 * sign-in, two-factor enrolment and "confirm it's you" dialog (decision 066).
 */
export { signIn, verifyBackupCode, verifyTotp } from "../auth-client";
export type { AuthResult } from "../auth-client";
export { enableTwoFactor, verifySignInCode } from "../staff-auth-client";
export type { AuthDataResult } from "../staff-auth-client";
