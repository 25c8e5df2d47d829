/** The intent of the dashboard's "Préférences" tab. */
import { getEnv } from "~/.server/env";
import { saveAccountPreferences } from "~/.server/workflows/account-preferences";
import { PreferencesSchema } from "~/domain/account/preferences.schema";
import { parseForm, reply, type TabIntents } from "./intent.server";

export const PREFERENCES_INTENTS: TabIntents<"save-preferences"> = {
  "save-preferences": {
    failure: "Une erreur est survenue",
    handle: async ({ form, actor }) => {
      const saved = await saveAccountPreferences(actor.db, {
        userId: actor.userId,
        preferences: parseForm(PreferencesSchema, form),
        publicUrl: getEnv().publicUrl,
      });
      const message = saved.newsletterConfirmationSent
        ? "Préférences enregistrées. Confirmez votre inscription à la newsletter avec le lien envoyé par e-mail."
        : "Préférences enregistrées";
      return reply("save-preferences", { message });
    },
  },
};
