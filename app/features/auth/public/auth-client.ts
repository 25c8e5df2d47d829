/**
 * The auth endpoints' browser calls other features may use (decision 058): the back-office's
 * sign-in, two-factor enrolment and "confirm it's you" dialog (decision 066).
 */
export { enableTwoFactor, signIn, verifyBackupCode, verifySignInCode, verifyTotp } from "../auth-client";
export type { AuthDataResult, AuthResult } from "../auth-client";
