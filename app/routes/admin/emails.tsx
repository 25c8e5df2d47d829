import type { Route } from "./+types/emails";
import { requireStaffPage } from "~/.server/auth/staff-routes.server";
import { MAIL_TEMPLATE_IDS, isMailTemplateId, mailTemplates, renderMailSample } from "~/.server/mail/templates";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { AdminEmailsView } from "~/features/admin/components/admin-emails-view";

/** E-mails: every transactional template, previewed with its sample data (docs/decisions/036-html-emails.md). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffPage(request, "admin/e-mails");
  const asked = new URL(request.url).searchParams.get("modele");
  // An unknown id shows the first template rather than an error: the list is right beside it.
  const id = isMailTemplateId(asked) ? asked : MAIL_TEMPLATE_IDS[0];
  const rendered = await renderMailSample(id);
  return {
    templates: MAIL_TEMPLATE_IDS.map((t) => ({ id: t, label: mailTemplates[t].label })),
    selected: { id, label: mailTemplates[id].label, ...rendered },
  };
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta() {
  return [{ title: "E-mails | Administration | Aurore" }, { name: "robots", content: "noindex" }];
}

export default function AdminEmails({ loaderData }: Route.ComponentProps) {
  return <AdminEmailsView templates={loaderData.templates} selected={loaderData.selected} />;
}

export const ErrorBoundary = RouteErrorBoundary;
