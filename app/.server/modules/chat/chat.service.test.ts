import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { adminActivityLog, chatConversations, chatMessages, supportTickets, user } from "../../db/schema";
import {
  CHAT_CHANNEL,
  closeConversation,
  eraseChatsOf,
  findParticipantConversation,
  formatTranscript,
  getConversation,
  isChatOpen,
  listOpenConversations,
  postParticipantMessage,
  purgeVisitorConversations,
  replyToConversation,
  takeConversation,
  type ChatAdmin,
} from "./chat.service";
import { createChatHub } from "./chat-hub";
import type { DomainError } from "~/domain/errors";
import { CHAT_ANSWER_TIMEOUT_MS, CHAT_MESSAGE_TOO_LONG, nextOpening, systemNoticeOf, type ChatConversationView } from "~/domain/chat/chat";
import { DEFAULT_OPENING_HOURS } from "~/domain/settings/shop-identity";
import { settleDomainEvents } from "~/.server/workflows/event-subscribers";
// Through the workflow that gives the chat its tickets (the module alone opens none).
import { convertUnansweredChats as convertUnansweredConversations, startChat as startConversation } from "~/.server/workflows/chat-tickets";

let handle: DatabaseHandle;
const shopper = "user-chat-lea";
const adminId = "user-chat-admin";
const admin: ChatAdmin = { actor: { type: "user", id: adminId, label: "admin.chat@example.com" }, name: "Sophie" };

async function refusal(run: () => Promise<unknown>): Promise<DomainError> {
  try {
    await run();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error("expected a refusal");
}

async function countMessages(conversationId?: string): Promise<number> {
  const [row] = await handle.db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(conversationId ? eq(chatMessages.conversationId, conversationId) : undefined);
  return Number(row.n);
}

beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.insert(user).values({ id: shopper, name: "Léa Martin", email: "lea.chat@example.com" });
  await handle.db.insert(user).values({ id: adminId, name: "Sophie Admin", email: "admin.chat@example.com", role: "admin" });
});

afterAll(async () => {
  await handle.close();
});

describe("a conversation's lifecycle", () => {
  it("a shopper opens it, an administrator takes it, both write, the administrator closes it; each step logged", async () => {
    const started = await startConversation(handle.db, { userId: shopper, message: "Bonjour, une question sur un parfum" }, { open: true });
    expect(started.token.length).toBeGreaterThanOrEqual(40);
    expect(started.conversation).toMatchObject({
      status: "waiting",
      contactName: "Léa Martin",
      contactEmail: "lea.chat@example.com",
      isShopper: true,
    });
    // Only the token's hash is stored.
    const [stored] = await handle.db.select().from(chatConversations).where(eq(chatConversations.id, started.conversation.id));
    expect(stored.tokenHash).not.toContain(started.token);
    expect((await listOpenConversations(handle.db)).map((c) => c.id)).toContain(started.conversation.id);

    const taken = await takeConversation(handle.db, admin, started.conversation.id);
    expect(taken.status).toBe("active");
    expect(taken.assignedAdminName).toBe("Sophie");
    expect(taken.messages.at(-1)).toMatchObject({
      author: "system",
      body: "Sophie a rejoint la conversation.",
      notice: { code: "joined", name: "Sophie" },
    });
    // A second administrator cannot take it again.
    expect((await refusal(() => takeConversation(handle.db, admin, started.conversation.id))).message).toBe(
      "Cette conversation est déjà prise en charge.",
    );

    await postParticipantMessage(handle.db, started.token, shopper, "Le flacon de 50 ml existe-t-il ?");
    const replied = await replyToConversation(handle.db, admin, started.conversation.id, "Oui, en 50 et 100 ml.");
    expect(replied.messages.map((m) => [m.author, m.body])).toEqual([
      ["participant", "Bonjour, une question sur un parfum"],
      ["system", "Sophie a rejoint la conversation."],
      ["participant", "Le flacon de 50 ml existe-t-il ?"],
      ["admin", "Oui, en 50 et 100 ml."],
    ]);

    const closed = await closeConversation(handle.db, admin, started.conversation.id);
    expect(closed.status).toBe("closed");
    expect(closed.messages.at(-1)).toMatchObject({ author: "system", notice: { code: "closed" } });
    // The system lines carry their meaning for the participant's page; the others none.
    expect(closed.messages.filter((m) => m.notice).map((m) => m.notice?.code)).toEqual(["joined", "closed"]);
    expect((await refusal(() => postParticipantMessage(handle.db, started.token, shopper, "Encore une chose"))).message).toBe(
      "Cette conversation est terminée.",
    );
    expect((await listOpenConversations(handle.db)).map((c) => c.id)).not.toContain(started.conversation.id);

    await settleDomainEvents(handle.db);
    const actions = await handle.db
      .select({ action: adminActivityLog.action, actor: adminActivityLog.actorLabel })
      .from(adminActivityLog)
      .where(and(eq(adminActivityLog.entityType, "chat"), eq(adminActivityLog.entityId, started.conversation.id)))
      .orderBy(adminActivityLog.id);
    expect(actions).toEqual([
      { action: "chat.take", actor: "admin.chat@example.com" },
      { action: "chat.reply", actor: "admin.chat@example.com" },
      { action: "chat.close", actor: "admin.chat@example.com" },
    ]);
  });

  it("a visitor gives a name and an e-mail first (French messages, nothing stored when missing)", async () => {
    const before = await countMessages();
    const error = await refusal(() =>
      startConversation(handle.db, { userId: null, name: "", email: "pas-un-email", message: "Bonjour" }, { open: true }),
    );
    expect(error.code).toBe("invalid_chat_start");
    expect(error.fieldErrors).toEqual({
      name: "Le nom est obligatoire",
      email: "Veuillez saisir une adresse e-mail valide (ex. : nom@exemple.fr)",
    });
    expect(await countMessages()).toBe(before);
    const ok = await startConversation(
      handle.db,
      { userId: null, name: "Hugo", email: "hugo@example.com", message: "Bonjour" },
      { open: true },
    );
    expect(ok.conversation).toMatchObject({ status: "waiting", contactName: "Hugo", isShopper: false });
  });
});

describe("messages", () => {
  it("refuses 10,000 characters with a French message and saves nothing; keeps HTML as plain text", async () => {
    const started = await startConversation(
      handle.db,
      { userId: null, name: "Inès", email: "ines@example.com", message: "Bonjour" },
      { open: true },
    );
    const before = await countMessages(started.conversation.id);
    const long = await refusal(() => postParticipantMessage(handle.db, started.token, null, "a".repeat(10_000)));
    expect(long.message).toBe(CHAT_MESSAGE_TOO_LONG);
    expect(CHAT_MESSAGE_TOO_LONG).toBe("Le message ne doit pas dépasser 2\u202f000 caractères");
    const adminLong = await refusal(() => replyToConversation(handle.db, admin, started.conversation.id, "b".repeat(10_000)));
    expect(adminLong.message).toBe(CHAT_MESSAGE_TOO_LONG);
    expect(await countMessages(started.conversation.id)).toBe(before);
    expect((await refusal(() => postParticipantMessage(handle.db, started.token, null, "   "))).message).toBe("Écrivez votre message");

    const html = '<script>alert("x")</script><b>gras</b>';
    const after = await postParticipantMessage(handle.db, started.token, null, html);
    expect(after.messages.at(-1)?.body).toBe(html);
  });
});

describe("who reads a conversation", () => {
  it("a visitor reads only the conversation of their own token; a shopper's only while signed in as that shopper", async () => {
    const a = await startConversation(
      handle.db,
      { userId: null, name: "Alice", email: "alice@example.com", message: "Message d'Alice" },
      { open: true },
    );
    const b = await startConversation(
      handle.db,
      { userId: null, name: "Bruno", email: "bruno@example.com", message: "Message de Bruno" },
      { open: true },
    );
    expect((await findParticipantConversation(handle.db, a.token, null))?.id).toBe(a.conversation.id);
    expect((await findParticipantConversation(handle.db, b.token, null))?.messages[0].body).toBe("Message de Bruno");
    expect(await findParticipantConversation(handle.db, "x".repeat(43), null)).toBeNull();
    expect(await findParticipantConversation(handle.db, null, null)).toBeNull();
    // Bruno's token cannot write into Alice's conversation: it writes into Bruno's only.
    await postParticipantMessage(handle.db, b.token, null, "Toujours Bruno");
    expect(await countMessages(a.conversation.id)).toBe(1);
    expect((await refusal(() => postParticipantMessage(handle.db, "y".repeat(43), null, "Intrus"))).code).toBe("chat_not_found");

    const shop = await startConversation(handle.db, { userId: shopper, message: "Compte" }, { open: true });
    expect(await findParticipantConversation(handle.db, shop.token, null)).toBeNull();
    expect(await findParticipantConversation(handle.db, shop.token, "someone-else")).toBeNull();
    expect((await findParticipantConversation(handle.db, shop.token, shopper))?.id).toBe(shop.conversation.id);
  });
});

describe("becoming a ticket", () => {
  it("outside the opening hours the first message becomes a ticket at once, with the transcript", async () => {
    const started = await startConversation(
      handle.db,
      { userId: null, name: "Nora", email: "nora@example.com", message: "Pouvez-vous me rappeler demain ?" },
      { open: false },
    );
    expect(started.conversation.status).toBe("converted");
    expect(started.conversation.ticketNumber).toMatch(/^SAV-\d{4}-\d+$/);
    expect(started.conversation.messages.at(-1)?.body).toBe(
      `Nous vous répondrons par e-mail, ticket ${started.conversation.ticketNumber}.`,
    );
    expect(started.conversation.messages.at(-1)?.notice).toEqual({ code: "converted", ticket: started.conversation.ticketNumber });
    const [ticket] = await handle.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.ticketNumber, started.conversation.ticketNumber!));
    expect(ticket).toMatchObject({ contactName: "Nora", contactEmail: "nora@example.com", userId: null, status: "open" });
    expect(ticket.description).toContain("Nora : Pouvez-vous me rappeler demain ?");
    expect(ticket.description).toMatch(/^Transcription du chat en direct du /);
    const [row] = await handle.db.select().from(chatConversations).where(eq(chatConversations.id, started.conversation.id));
    expect(row.ticketId).toBe(ticket.id);
  });

  it("after the answer timeout a waiting conversation becomes the shopper's ticket; a taken one does not; once only", async () => {
    const t0 = new Date("2026-11-25T10:00:00Z");
    const waiting = await startConversation(
      handle.db,
      { userId: shopper, message: "Ma commande n'est pas arrivée" },
      { open: true, now: t0 },
    );
    await postParticipantMessage(handle.db, waiting.token, shopper, "Il y a quelqu'un ?", new Date(t0.getTime() + 30_000));
    const answered = await startConversation(
      handle.db,
      { userId: null, name: "Yves", email: "yves@example.com", message: "Bonjour" },
      { open: true, now: t0 },
    );
    await takeConversation(handle.db, admin, answered.conversation.id, new Date(t0.getTime() + 60_000));

    // One second short of the timeout: nothing.
    const early = await convertUnansweredConversations(handle.db, {
      timeoutMs: CHAT_ANSWER_TIMEOUT_MS,
      now: new Date(t0.getTime() + CHAT_ANSWER_TIMEOUT_MS - 1000),
    });
    expect(early.converted).toBe(0);

    // Two passes at once (two server processes): the conversation is converted once.
    const at = new Date(t0.getTime() + CHAT_ANSWER_TIMEOUT_MS + 1000);
    const results = await Promise.all([
      convertUnansweredConversations(handle.db, { timeoutMs: CHAT_ANSWER_TIMEOUT_MS, now: at }),
      convertUnansweredConversations(handle.db, { timeoutMs: CHAT_ANSWER_TIMEOUT_MS, now: at }),
    ]);
    expect(results[0].converted + results[1].converted).toBeGreaterThanOrEqual(1);
    const after = (await getConversation(handle.db, waiting.conversation.id))!;
    expect(after.status).toBe("converted");
    const tickets = await handle.db.select().from(supportTickets).where(eq(supportTickets.userId, shopper));
    const ticket = tickets.find((t) => t.ticketNumber === after.ticketNumber)!;
    expect(tickets.filter((t) => t.subject === "Chat en direct sans réponse")).toHaveLength(1);
    expect(ticket.description).toContain("Léa Martin : Ma commande n'est pas arrivée");
    expect(ticket.description).toContain("Léa Martin : Il y a quelqu'un ?");
    expect(after.messages.at(-1)?.body).toBe(`Nous vous répondrons par e-mail, ticket ${after.ticketNumber}.`);
    // The shopper can no longer write in it.
    expect((await refusal(() => postParticipantMessage(handle.db, waiting.token, shopper, "Allô ?"))).message).toBe(
      "Cette conversation est terminée.",
    );
    expect((await getConversation(handle.db, answered.conversation.id))!.status).toBe("active");
  });

  it("bounds a long transcript to the ticket's limit without splitting a character", () => {
    const messages = Array.from({ length: 10 }, (_, i) => ({
      author: "participant",
      authorName: "Zoé",
      body: `${"é".repeat(900)}😀${i}`,
      createdAt: new Date(),
    }));
    const transcript = formatTranscript(new Date(), messages, 5000);
    expect(transcript.length).toBeLessThanOrEqual(5000);
    expect(transcript.endsWith("(transcription abrégée)")).toBe(true);
    expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(transcript)).toBe(false);
  });
});

describe("the right to erasure", () => {
  it("deletes a shopper's conversations and their messages, not anyone else's", async () => {
    const eraseMe = "user-chat-erase";
    await handle.db.insert(user).values({ id: eraseMe, name: "Efface Moi", email: "efface.chat@example.com" });
    const mine = await startConversation(handle.db, { userId: eraseMe, message: "À effacer" }, { open: true });
    const visitor = await startConversation(
      handle.db,
      { userId: null, name: "Reste", email: "reste@example.com", message: "Je reste" },
      { open: true },
    );
    await handle.db.transaction((tx) => eraseChatsOf(tx, eraseMe));
    expect(await getConversation(handle.db, mine.conversation.id)).toBeNull();
    expect(await countMessages(mine.conversation.id)).toBe(0);
    expect((await getConversation(handle.db, visitor.conversation.id))?.messages[0].body).toBe("Je reste");
  });
});

describe("opening hours", () => {
  it("is open on a Tuesday at 10:00 Paris time, closed on Sunday, and says when it opens", () => {
    expect(isChatOpen(DEFAULT_OPENING_HOURS, new Date("2026-11-24T09:00:00Z"))).toBe(true);
    expect(isChatOpen(DEFAULT_OPENING_HOURS, new Date("2026-11-29T11:00:00Z"))).toBe(false);
    expect(isChatOpen(DEFAULT_OPENING_HOURS, new Date("2026-11-29T11:00:00Z"), true)).toBe(true);
    // Sunday noon: Monday 9:00; Tuesday 7:00: today 9:00; Friday 21:00: Saturday 10:00.
    expect(nextOpening(DEFAULT_OPENING_HOURS, new Date("2026-11-29T11:00:00Z"))).toEqual({ dayOffset: 1, weekday: 1, opens: "09:00" });
    expect(nextOpening(DEFAULT_OPENING_HOURS, new Date("2026-11-24T06:00:00Z"))).toEqual({ dayOffset: 0, weekday: 2, opens: "09:00" });
    expect(nextOpening(DEFAULT_OPENING_HOURS, new Date("2026-11-27T20:00:00Z"))).toEqual({ dayOffset: 1, weekday: 6, opens: "10:00" });
    expect(nextOpening([], new Date())).toBeNull();
  });

  it("reads back only its own system sentences", () => {
    expect(systemNoticeOf("Léa Martin a rejoint la conversation.")).toEqual({ code: "joined", name: "Léa Martin" });
    expect(systemNoticeOf("Nous vous répondrons par e-mail, ticket SAV-2026-12.")).toEqual({ code: "converted", ticket: "SAV-2026-12" });
    expect(systemNoticeOf("La conversation est terminée. Merci et à bientôt !")).toEqual({ code: "closed" });
    expect(systemNoticeOf("Bonjour")).toBeNull();
  });
});

describe("the chat hub", () => {
  it("delivers a committed change to that conversation's subscribers and the administrators only", async () => {
    const hub = createChatHub(async () => handle);
    const a = await startConversation(
      handle.db,
      { userId: null, name: "Alma", email: "alma@example.com", message: "Bonjour" },
      { open: true },
    );
    const b = await startConversation(
      handle.db,
      { userId: null, name: "Basile", email: "basile@example.com", message: "Salut" },
      { open: true },
    );
    const heardA: ChatConversationView[] = [];
    const heardB: ChatConversationView[] = [];
    const heardAdmins: ChatConversationView[] = [];
    const offs = [
      await hub.subscribe({ conversationId: a.conversation.id }, (c) => heardA.push(c)),
      await hub.subscribe({ conversationId: b.conversation.id }, (c) => heardB.push(c)),
      await hub.subscribe("admins", (c) => heardAdmins.push(c)),
    ];
    await replyToConversation(handle.db, admin, a.conversation.id, "Bonjour Alma");
    await expect.poll(() => heardA.length, { timeout: 5000 }).toBe(1);
    await expect.poll(() => heardAdmins.length, { timeout: 5000 }).toBe(1);
    expect(heardA[0].messages.at(-1)?.body).toBe("Bonjour Alma");
    expect(heardB).toHaveLength(0);
    // A rolled-back change sends nothing.
    await handle.db
      .transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_notify(${CHAT_CHANNEL}, ${JSON.stringify({ conversationId: b.conversation.id })})`);
        throw new Error("rollback");
      })
      .catch(() => {});
    await new Promise((r) => setTimeout(r, 200));
    expect(heardB).toHaveLength(0);
    for (const off of offs) off();
    expect(hub.subscriberCount).toBe(0);
  });
});

describe("retention", () => {
  /** Moves a conversation and its messages `days` back in time; `lastMessageDays` for its newest message. */
  async function age(id: string, days: number, lastMessageDays = days) {
    const ago = (d: number) => new Date(Date.now() - d * 24 * 3600 * 1000);
    await handle.db
      .update(chatConversations)
      .set({ createdAt: ago(days), updatedAt: ago(days) })
      .where(eq(chatConversations.id, id));
    await handle.db
      .update(chatMessages)
      .set({ createdAt: ago(days) })
      .where(eq(chatMessages.conversationId, id));
    const [last] = await handle.db
      .select({ id: sql<number>`max(${chatMessages.id})` })
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, id));
    await handle.db
      .update(chatMessages)
      .set({ createdAt: ago(lastMessageDays) })
      .where(eq(chatMessages.id, Number(last.id)));
  }
  const exists = async (id: string) => (await handle.db.select().from(chatConversations).where(eq(chatConversations.id, id))).length === 1;

  it("deletes a visitor's conversation and its messages 30 days after the last message; keeps the recent, the shopper's and the ticket", async () => {
    const visitor = (name: string, open = true) =>
      startConversation(handle.db, { userId: null, name, email: `${name.toLowerCase()}@example.com`, message: "Bonjour" }, { open });
    const old = await visitor("Ancien");
    const recent = await visitor("Recent");
    const converted = await visitor("Converti", false);
    const ofShopper = await startConversation(handle.db, { userId: shopper, message: "Compte ancien" }, { open: true });
    await age(old.conversation.id, 31);
    await age(recent.conversation.id, 45, 29);
    await age(converted.conversation.id, 40);
    await age(ofShopper.conversation.id, 400);
    const [ticketRow] = await handle.db
      .select({ ticketId: chatConversations.ticketId })
      .from(chatConversations)
      .where(eq(chatConversations.id, converted.conversation.id));
    expect(ticketRow.ticketId).not.toBeNull();

    expect(await purgeVisitorConversations(handle.db)).toEqual({ deleted: 2 });
    expect(await exists(old.conversation.id)).toBe(false);
    expect(await countMessages(old.conversation.id)).toBe(0);
    expect(await exists(converted.conversation.id)).toBe(false);
    expect(await handle.db.select().from(supportTickets).where(eq(supportTickets.id, ticketRow.ticketId!))).toHaveLength(1);
    expect(await exists(recent.conversation.id)).toBe(true);
    expect(await exists(ofShopper.conversation.id)).toBe(true);
    // Idempotent: a second pass finds nothing more.
    expect(await purgeVisitorConversations(handle.db)).toEqual({ deleted: 0 });
  });
});
