/** The intent of the dashboard's "Préférences" tab. */
import { savePreferences } from "~/.server/modules/accounts/preferences.service";
import { PreferencesSchema } from "~/domain/account/preferences.schema";
import { parseForm, reply, type TabIntents } from "./intent.server";

export const PREFERENCES_INTENTS: TabIntents<"save-preferences"> = {
  "save-preferences": {
    failure: "Une erreur est survenue",
    handle: async ({ form, actor }) => {
      await savePreferences(actor.db, actor.userId, parseForm(PreferencesSchema, form));
      return reply("save-preferences", { message: "Préférences enregistrées" });
    },
  },
};
