import { describe, expect, it } from "vitest";
import { pageI18n } from "~/.server/i18n/catalogs";
import { nextOpeningValues, type ChatNextOpening } from "~/domain/chat/chat-opening";

const say = (language: "fr" | "en", next: ChatNextOpening) => pageI18n(language)._("common.chat.nextOpening", nextOpeningValues(next));

describe("the chat's next opening, worded by the page (decision 044)", () => {
  it("says it in French as the server used to", () => {
    expect(say("fr", { dayOffset: 0, weekday: 2, opens: "09:00" })).toBe("aujourd'hui à 9h");
    expect(say("fr", { dayOffset: 1, weekday: 6, opens: "10:00" })).toBe("demain à 10h");
    expect(say("fr", { dayOffset: 2, weekday: 1, opens: "09:30" })).toBe("lundi à 9h30");
    expect(say("fr", { dayOffset: 5, weekday: 7, opens: "14:00" })).toBe("dimanche à 14h");
  });

  it("says it in English", () => {
    expect(say("en", { dayOffset: 0, weekday: 2, opens: "09:00" })).toBe("today at 9:00");
    expect(say("en", { dayOffset: 1, weekday: 6, opens: "10:00" })).toBe("tomorrow at 10:00");
    expect(say("en", { dayOffset: 2, weekday: 1, opens: "09:30" })).toBe("on Monday at 9:30");
    expect(say("en", { dayOffset: 5, weekday: 7, opens: "14:00" })).toBe("on Sunday at 14:00");
  });
});
