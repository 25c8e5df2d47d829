import type { Route } from "./+types/chat";
import { requireStaffPage, requireStaffAction, postRefusal } from "~/.server/auth/staff-routes.server";
import { staffMay } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import { readFormFields } from "~/.server/forms";
import { answerAction, refused } from "~/.server/action-result";
import { invalid } from "~/domain/errors";
import { adminActorOf } from "~/.server/modules/activity-log/activity-log.service";
import {
  closeConversation,
  listOpenConversations,
  replyToConversation,
  takeConversation,
  type ChatAdmin,
} from "~/.server/modules/chat/chat.service";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { AdminChatView } from "~/features/admin/components/admin-chat-view";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

/** Chat: the waiting and active conversations, live (the page listens to /admin/chat/stream). */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireStaffPage(request, "admin/chat");
  // The page offers only what the role may do (the action checks each intent again).
  const may = { write: staffMay(session, "chat.write") };
  return { conversations: await listOpenConversations(await getDb()), may };
}

/** intent take, reply (message) or close, of one conversation (conversationId). */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireStaffAction(request);
  // One permission for every intent: checked before the body is read.
  const denied = postRefusal(session, "admin/chat");
  if (denied) return denied;
  const form = await readFormFields(request);
  const admin: ChatAdmin = { actor: adminActorOf(session), name: session.user.name.split(" ")[0] || "Conseillère Aurore" };
  const db = await getDb();
  const run = {
    take: () => takeConversation(db, admin, form.conversationId),
    reply: () => replyToConversation(db, admin, form.conversationId, form.message),
    close: () => closeConversation(db, admin, form.conversationId),
  }[form.intent as "take" | "reply" | "close"];
  if (!run) return refused(invalid("unknown_intent", ACCOUNT_MESSAGES.somethingWentWrong));
  return answerAction(async () => ({ data: await run() }));
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "Chat | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminChat({ loaderData }: Route.ComponentProps) {
  return <AdminChatView initial={loaderData.conversations} may={loaderData.may} />;
}

export const ErrorBoundary = RouteErrorBoundary;
