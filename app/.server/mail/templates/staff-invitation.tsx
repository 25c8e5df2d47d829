import { ButtonLink, Layout, P, Title, absoluteUrl, textLayout, type MailTemplate } from "./layout";

export type StaffInvitationData = {
  /** Unknown until the invitee fills in the form: the mail greets with a bare "Bonjour,". */
  firstName: string | null;
  /** Who sent the invitation, as Équipe shows them. */
  inviterName: string;
  roleName: string;
  /** The one-time /admin/invitation?token=… link. */
  invitationPath: string;
  /** When the link stops working, as the recipient reads it ("12 mai 2026 à 14:03"). */
  expiresAt: string;
};

/** Équipe's 'Inviter' (decision 066): the link to create a team account, two-factor announced. */
export const staffInvitation: MailTemplate<StaffInvitationData> = {
  label: "Invitation à rejoindre l'équipe",
  subject: (d, ctx) => ctx.t("emails.staffInvitation.subject", { inviter: d.inviterName }),
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={ctx.t("emails.staffInvitation.preview", { date: d.expiresAt })}>
      <Title>{ctx.t("emails.staffInvitation.title")}</Title>
      <P>{ctx.t("emails.staffInvitation.invited", { inviter: d.inviterName, role: d.roleName })}</P>
      <P>{ctx.t("emails.staffInvitation.openLink", { date: d.expiresAt })}</P>
      <ButtonLink href={absoluteUrl(ctx, d.invitationPath)}>{ctx.t("emails.staffInvitation.button")}</ButtonLink>
      <P>{ctx.t("emails.staffInvitation.twoFactor")}</P>
      <P muted>{ctx.t("emails.staffInvitation.ignore")}</P>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      ctx.t("emails.staffInvitation.invited", { inviter: d.inviterName, role: d.roleName }),
      ctx.t("emails.staffInvitation.openLink", { date: d.expiresAt }),
      absoluteUrl(ctx, d.invitationPath),
      "",
      ctx.t("emails.staffInvitation.twoFactor"),
      "",
      ctx.t("emails.staffInvitation.ignore"),
    ]),
  sample: {
    firstName: "Camille",
    inviterName: "Claire Martin",
    roleName: "Logistique",
    invitationPath: "/admin/invitation?token=exemple",
    expiresAt: "12 mai 2026 à 14:03",
  },
};
