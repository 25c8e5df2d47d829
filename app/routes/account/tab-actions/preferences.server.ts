/** The intent of the dashboard's "Préférences" tab. */
import { getEnv } from "~/.server/env";
import { saveAccountPreferences } from "~/.server/workflows/account-preferences";
import { PreferencesSchema } from "~/domain/account/preferences.schema";
import { parseForm, reply, type TabIntents } from "./intent.server";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

export const PREFERENCES_INTENTS: TabIntents<"save-preferences"> = {
  "save-preferences": {
    failure: ACCOUNT_MESSAGES.somethingWentWrong,
    handle: async ({ form, actor }) => {
      const saved = await saveAccountPreferences(actor.db, {
        userId: actor.userId,
        preferences: parseForm(PreferencesSchema, form),
        publicUrl: getEnv().publicUrl,
      });
      const message = saved.newsletterConfirmationSent
        ? ACCOUNT_MESSAGES.preferencesSavedConfirmNewsletterSubscription
        : ACCOUNT_MESSAGES.preferencesSaved;
      return reply({ intent: "save-preferences" }, message);
    },
  },
};
