import { Layout, P, Title, textLayout, type MailTemplate } from "./layout";

export type EmailChangeNoticeData = {
  firstName: string | null;
  newEmail: string;
};

/** Sent to the OLD address when a change of address is requested. */
export const emailChangeNotice: MailTemplate<EmailChangeNoticeData> = {
  label: "Changement d'adresse e-mail : avis à l'ancienne adresse",
  subject: () => "Demande de changement d'adresse e-mail sur votre compte Aurore",
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview="Une nouvelle adresse e-mail a été demandée pour votre compte.">
      <Title>Changement d&apos;adresse e-mail demandé</Title>
      <P>
        Une demande a été faite pour remplacer l&apos;adresse e-mail de votre compte Aurore par {d.newEmail}. Le changement prendra effet
        quand le lien envoyé à cette nouvelle adresse aura été ouvert.
      </P>
      <P muted>
        Si vous n&apos;êtes pas à l&apos;origine de cette demande, changez votre mot de passe et contactez notre service client sans tarder.
      </P>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      `Une demande a été faite pour remplacer l'adresse e-mail de votre compte Aurore par ${d.newEmail}. Le changement prendra effet quand le lien envoyé à cette nouvelle adresse aura été ouvert.`,
      "",
      "Si vous n'êtes pas à l'origine de cette demande, changez votre mot de passe et contactez notre service client sans tarder.",
    ]),
  sample: { firstName: "Camille", newEmail: "camille.nouvelle@example.com" },
};
