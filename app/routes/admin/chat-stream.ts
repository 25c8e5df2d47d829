import type { Route } from "./+types/chat-stream";
import { requireStaffDownload } from "~/.server/auth/staff-routes.server";
import { getChatHub } from "~/.server/modules/chat/chat-hub";
import { openChatStream } from "~/.server/modules/chat/chat-stream";

/** GET /admin/chat/stream: Server-Sent Events of every conversation's changes, for the Chat screen. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffDownload(request, "admin/chat/stream");
  return openChatStream({ audience: "admins", signal: request.signal, hub: getChatHub() });
}
