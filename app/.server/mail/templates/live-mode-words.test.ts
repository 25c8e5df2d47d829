/**
 * A live shop's e-mails (decisions 060 and 062): with the seller's own identity saved in
 * Paramètres, no template, in French or English, says "fictif", "simulé" or shows the
 * demonstration's test card. The demonstration's identity, by contrast, is caught.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { saveShopIdentity } from "../../workflows/shop-identity";
import { defaultShopIdentity, followShopIdentity, unfollowShopIdentity } from "../../modules/settings/shop-identity.service";
import { DEMO_WORDS } from "../../shop-mode";
import { LANGUAGES } from "~/domain/i18n/languages";
import { MAIL_TEMPLATE_IDS, renderMailSample } from "./index";

let handle: DatabaseHandle;

const LIVE_IDENTITY = {
  ...defaultShopIdentity(),
  companyName: "Maison Lumière SAS",
  legalForm: "SAS (société par actions simplifiée)",
  address: "4 place Bellecour, 69002 Lyon, France",
  rcs: "RCS Lyon 912 345 678",
  siren: "912 345 678",
  vatNumber: "FR12 912345678",
  publicationDirector: "Claire Dumas, présidente",
  host: "OVH SAS, 2 rue Kellermann, 59100 Roubaix, France",
  mediator: "CM2C, 49 rue de Ponthieu, 75008 Paris",
  contactEmail: "contact@maison-lumiere.fr",
  contactPhone: "04 78 00 12 34",
};

const demoWordsOf = (mail: { subject: string; html: string; text: string }) =>
  [mail.subject, mail.html, mail.text].join("\n").match(DEMO_WORDS)?.[0] ?? null;

beforeAll(async () => {
  handle = await createTestDatabase();
  await followShopIdentity(handle.db);
}, 60_000);

afterAll(async () => {
  unfollowShopIdentity();
  await handle?.close();
});

describe("e-mails of a live shop", () => {
  it("the demonstration's identity is caught in the footer", async () => {
    expect(demoWordsOf(await renderMailSample("welcome-code"))).not.toBeNull();
  });

  it("no template says anything of a demonstration once the seller's identity is saved", async () => {
    await saveShopIdentity(handle.db, { type: "user", id: null, label: "Test" }, LIVE_IDENTITY);
    await followShopIdentity(handle.db);
    for (const language of LANGUAGES) {
      for (const id of MAIL_TEMPLATE_IDS) {
        const mail = await renderMailSample(id, language);
        expect(mail.text, `${id} ${language}`).toContain("Maison Lumière SAS");
        expect(demoWordsOf(mail), `${id} ${language}`).toBeNull();
      }
    }
  });
});
