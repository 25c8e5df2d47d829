/**
 * The live chat's cookie and how long a visitor's conversation is kept (decision 047). Apart from
 * chat.ts so the cookie policy page names them without loading the chat's form schemas.
 */

/** The httpOnly cookie holding the participant's token. */
export const CHAT_COOKIE = "aurore_chat";
/** A conversation is a visit's: the cookie lasts a day. */
export const CHAT_COOKIE_MAX_AGE_S = 24 * 60 * 60;
/** A visitor's conversation (no account) is deleted this many days after its last message. */
export const CHAT_VISITOR_RETENTION_DAYS = 30;
