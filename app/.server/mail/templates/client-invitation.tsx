import { ButtonLink, Layout, P, Title, absoluteUrl, textLayout, type MailTemplate } from "./layout";

export type ClientInvitationData = {
  firstName: string | null;
  email: string;
  /** The one-time "définissez votre mot de passe" link. */
  setPasswordPath: string;
  validDays: number;
};

export const clientInvitation: MailTemplate<ClientInvitationData> = {
  label: "Compte créé : définir le mot de passe",
  subject: (_d, ctx) => ctx.t("emails.clientInvitation.subject"),
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={ctx.t("emails.clientInvitation.preview")}>
      <Title>{ctx.t("emails.clientInvitation.title")}</Title>
      <P>{ctx.t("emails.clientInvitation.created", { email: d.email })}</P>
      <P>{ctx.t("emails.clientInvitation.openLink", { days: d.validDays })}</P>
      <ButtonLink href={absoluteUrl(ctx, d.setPasswordPath)}>{ctx.t("emails.clientInvitation.button")}</ButtonLink>
      <P muted>{ctx.t("emails.clientInvitation.ignore")}</P>
      <P>{ctx.t("emails.layout.seeYouSoon")}</P>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      ctx.t("emails.clientInvitation.created", { email: d.email }),
      ctx.t("emails.clientInvitation.openLink", { days: d.validDays }),
      absoluteUrl(ctx, d.setPasswordPath),
      "",
      ctx.t("emails.clientInvitation.ignore"),
      "",
      ctx.t("emails.layout.seeYouSoon"),
    ]),
  sample: { firstName: "Camille", email: "camille@example.com", setPasswordPath: "/definir-mot-de-passe?token=exemple", validDays: 7 },
};
