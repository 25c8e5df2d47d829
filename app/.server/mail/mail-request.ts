/**
 * Mails that follow domain events (decision 054): the recording module asks for a template with
 * its data (`mailRequest`, typed against the template), the event carries the request, and the
 * `mail` subscriber renders and queues it with its receipt (`renderMailRequest`).
 */
import type { Language } from "~/domain/i18n/languages";
import type { MailRequest } from "~/domain/events/domain-events";
import type { MailMessage } from "./mailer";
import { isMailTemplateId, renderMail, type MailData, type MailTemplateId } from "./templates";

/** A template mail for an event's payload, its data checked against the template here. */
export function mailRequest<Id extends MailTemplateId>(
  to: string,
  template: Id,
  data: MailData<Id>,
  options: { language?: Language; publicUrl?: string } = {},
): MailRequest {
  return {
    to,
    template,
    data: data as Record<string, unknown>,
    ...(options.language ? { language: options.language } : {}),
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
  };
}

/**
 * The message a request asks for. A template unknown here (an event recorded by a newer version
 * of the shop, read by an older process) throws: the event is retried rather than mailed wrong.
 */
export async function renderMailRequest(request: MailRequest): Promise<MailMessage> {
  if (!("template" in request)) return { to: request.to, subject: request.subject, text: request.text };
  if (!isMailTemplateId(request.template)) throw new Error(`unknown mail template ${JSON.stringify(request.template)}`);
  const rendered = await renderMail(request.template, request.data as never, {
    ...(request.language ? { language: request.language } : {}),
    ...(request.publicUrl ? { publicUrl: request.publicUrl } : {}),
  });
  return { to: request.to, ...rendered };
}
