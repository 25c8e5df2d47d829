/**
 * A shopper's security report (account Sécurité tab, decision 046), in one transaction: the
 * report and its security event (accounts), a support ticket of category "security" the team
 * answers the reporter in (support), the link between them, and an e-mail to the shop identity's
 * security contact through the outbox.
 */
import type { Executor } from "~/.server/db/client";
import { createSecurityReport, linkSecurityReportTicket, type RequestOrigin } from "~/.server/modules/accounts/security.service";
import { openSecurityTicket } from "~/.server/modules/support/support.service";
import { getShopIdentity } from "~/.server/modules/settings/shop-identity.service";
import { enqueueMail } from "~/.server/outbox/outbox.service";
import { getEnv } from "~/.server/env";
import { invalid } from "~/domain/errors";
import {
  SECURITY_ISSUE_LABELS,
  SECURITY_URGENCY_LABELS,
  type SecurityIssueType,
  type SecurityReportFormInput,
  type SecurityReportInput,
  type SecurityUrgency,
} from "~/domain/account/security.schema";

export type SecurityReportReceipt = { reportId: string; ticketId: string; ticketNumber: string; mailedTo: string };

export async function reportSecurityProblem(
  db: Executor,
  userId: string,
  input: SecurityReportFormInput | SecurityReportInput,
  origin: RequestOrigin,
): Promise<SecurityReportReceipt> {
  return db.transaction(async (tx) => {
    const result = await createSecurityReport(tx, userId, input, origin);
    if (!result.ok) throw invalid("invalid_report", result.message);
    const { report } = result;
    const issueLabel = SECURITY_ISSUE_LABELS[report.issueType as SecurityIssueType] ?? report.issueType;
    const ticket = await openSecurityTicket(tx, {
      userId,
      contactEmail: report.contactEmail,
      issueLabel,
      urgency: report.urgency,
      description: report.description,
    });
    await linkSecurityReportTicket(tx, report.id, ticket.id);
    const identity = await getShopIdentity(tx, 0);
    const urgencyLabel = SECURITY_URGENCY_LABELS[report.urgency as SecurityUrgency] ?? report.urgency;
    // An internal alert to the team, not a customer e-mail: plain text, no template (decision 046).
    await enqueueMail(tx, {
      to: identity.securityContactEmail,
      subject: `Signalement de sécurité (urgence ${urgencyLabel.toLowerCase()}) : ${issueLabel} - ${ticket.ticketNumber}`,
      text: [
        "Un client vient de signaler un problème de sécurité.",
        "",
        `Type : ${issueLabel}`,
        `Urgence : ${urgencyLabel}`,
        `Contact : ${report.contactEmail}`,
        `Ticket : ${ticket.ticketNumber}`,
        "",
        report.description,
        "",
        `Répondre depuis l'administration : ${getEnv().publicUrl}/admin/tickets/${ticket.id}`,
      ].join("\n"),
    });
    return { reportId: report.id, ticketId: ticket.id, ticketNumber: ticket.ticketNumber, mailedTo: identity.securityContactEmail };
  });
}
