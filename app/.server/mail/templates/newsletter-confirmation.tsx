import { Link } from "@react-email/components";
import { ButtonLink, Layout, P, Title, absoluteUrl, textLayout, type MailTemplate } from "./layout";

export type NewsletterConfirmationData = {
  /** Known only when the address belongs to an account; a visitor gets "Bonjour,". */
  firstName: string | null;
  confirmPath: string;
  unsubscribePath: string;
  /** "10 % de réduction sur votre première commande". */
  welcomeOffer: string;
};

export const newsletterConfirmation: MailTemplate<NewsletterConfirmationData> = {
  label: "Newsletter : confirmation d'inscription",
  subject: (_d, ctx) => ctx.t("emails.newsletterConfirmation.subject"),
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={ctx.t("emails.newsletterConfirmation.preview")}>
      <Title>{ctx.t("emails.newsletterConfirmation.title")}</Title>
      <P>{ctx.t("emails.newsletterConfirmation.thanks")}</P>
      <ButtonLink href={absoluteUrl(ctx, d.confirmPath)}>{ctx.t("emails.newsletterConfirmation.confirm")}</ButtonLink>
      <P>{ctx.t("emails.newsletterConfirmation.offer", { offer: d.welcomeOffer })}</P>
      <P muted>{ctx.t("emails.newsletterConfirmation.validity")}</P>
      <P muted>
        <Link href={absoluteUrl(ctx, d.unsubscribePath)}>{ctx.t("emails.newsletterConfirmation.unsubscribe")}</Link>
      </P>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      ctx.t("emails.newsletterConfirmation.thanks"),
      ctx.t("emails.newsletterConfirmation.openLink"),
      absoluteUrl(ctx, d.confirmPath),
      "",
      ctx.t("emails.newsletterConfirmation.offer", { offer: d.welcomeOffer }),
      "",
      ctx.t("emails.newsletterConfirmation.validity"),
      ctx.t("emails.newsletterConfirmation.unsubscribeText", { url: absoluteUrl(ctx, d.unsubscribePath) }),
    ]),
  sample: {
    firstName: "Camille",
    confirmPath: "/newsletter/confirmation?token=exemple",
    unsubscribePath: "/newsletter/desinscription?token=exemple",
    welcomeOffer: "10 % de réduction sur votre première commande",
  },
};
