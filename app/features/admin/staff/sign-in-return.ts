/**
 * Where the back-office's sign-in and two-factor enrolment send the staff member afterwards
 * (`?retour=`): only a back-office page of this site, so a crafted link cannot turn the sign-in
 * into a springboard to another site (an open redirect) or into a loop back to itself.
 */
export const ADMIN_HOME = "/admin";

export const ADMIN_SIGN_IN_PATH = "/admin/connexion";
export const ADMIN_TWO_FACTOR_PATH = "/admin/double-authentification";

/** A base that no real address shares: a value that resolves elsewhere names another site. */
const PROBE_ORIGIN = "https://aurore.invalid";

/** The pages a return must not lead to: the sign-in and the enrolment themselves. */
const NOT_A_RETURN = [ADMIN_SIGN_IN_PATH, ADMIN_TWO_FACTOR_PATH];

/**
 * The path to go to after signing in: `raw` when it is a same-site path of the back-office
 * ("/admin" or below, with its query and fragment), else the dashboard. Refused: absolute and
 * protocol-relative addresses ("//…", "/\…", which browsers read as "//…"), control characters,
 * paths that only look like the back-office ("/administration", "/admin/../compte"), and the
 * sign-in and enrolment pages.
 */
export function safeAdminReturn(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\")) return ADMIN_HOME;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (/[\u0000-\u001f\u007f]/.test(raw)) return ADMIN_HOME;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return ADMIN_HOME;
  }
  if (url.origin !== PROBE_ORIGIN) return ADMIN_HOME;
  const path = url.pathname;
  if (path !== ADMIN_HOME && !path.startsWith(`${ADMIN_HOME}/`)) return ADMIN_HOME;
  const page = path.replace(/\/+$/, "") || ADMIN_HOME;
  if (NOT_A_RETURN.some((p) => page === p || page.startsWith(`${p}/`))) return ADMIN_HOME;
  return `${path}${url.search}${url.hash}`;
}

/** A page's address carrying where to go afterwards (`?retour=`, left out when it is the dashboard). */
export function withReturn(page: string, retour: string): string {
  return retour === ADMIN_HOME ? page : `${page}?retour=${encodeURIComponent(retour)}`;
}
