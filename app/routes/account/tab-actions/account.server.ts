/** The intents about the account as a whole: the header's "Déconnexion", the profile tab's deletion. */
import { redirect, redirectDocument } from "react-router";
import { SECURITY_FAILURE_MESSAGES, signOut } from "~/.server/modules/accounts/account-security.service";
import { deleteOwnAccount } from "~/.server/workflows/erase-account";
import { DeleteAccountSchema } from "~/domain/account/account-deletion.schema";
import { cookieHeaders, parseForm, type TabIntents } from "./intent.server";

export const ACCOUNT_WIDE_INTENTS: TabIntents<"logout" | "delete-account"> = {
  logout: {
    handle: async ({ actor }) => {
      const { setCookies } = await signOut(actor);
      throw redirect("/", { headers: cookieHeaders(setCookies) });
    },
  },
  "delete-account": {
    failure: SECURITY_FAILURE_MESSAGES.deleteAccount,
    handle: async ({ form, actor }) => {
      const { setCookies } = await deleteOwnAccount(actor, parseForm(DeleteAccountSchema, form).password);
      // A full document load: the header and every loader forget the signed-in user.
      return redirectDocument("/", { headers: cookieHeaders(setCookies) });
    },
  },
};
