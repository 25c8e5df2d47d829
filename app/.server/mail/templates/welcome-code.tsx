import { Box, ButtonLink, Layout, P, Title, absoluteUrl, textLayout, type MailTemplate } from "./layout";

export type WelcomeCodeData = {
  firstName: string | null;
  code: string;
  percent: number;
  /** The last day the code works, as the shopper reads it. */
  until: string;
  shopPath: string;
};

export const welcomeCode: MailTemplate<WelcomeCodeData> = {
  label: "Code de bienvenue (newsletter)",
  subject: (d) => `Votre code de bienvenue : ${d.percent} % de réduction`,
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={`Votre code de bienvenue : ${d.percent} % de réduction`}>
      <Title>Bienvenue !</Title>
      <P>Votre inscription à la newsletter Aurore est confirmée. Bienvenue !</P>
      <P>Voici votre code de bienvenue :</P>
      <Box lines={[d.code]} strong />
      <P>
        Il vous offre {d.percent} % de réduction sur votre commande, une seule fois, jusqu&apos;au {d.until} inclus.
      </P>
      <ButtonLink href={absoluteUrl(ctx, d.shopPath)}>Découvrir la boutique</ButtonLink>
      <P muted>Ce code est personnel : il fonctionne uniquement avec le compte Aurore créé avec cette adresse e-mail.</P>
      <P muted>
        Saisissez-le dans le champ « Code promo » de votre récapitulatif de commande. Il n&apos;est pas cumulable avec les points Beauty
        Pass.
      </P>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      "Votre inscription à la newsletter Aurore est confirmée. Bienvenue !",
      "",
      `Voici votre code de bienvenue : ${d.code}`,
      `Il vous offre ${d.percent} % de réduction sur votre commande, une seule fois, jusqu'au ${d.until} inclus.`,
      "Ce code est personnel : il fonctionne uniquement avec le compte Aurore créé avec cette adresse e-mail.",
      "Saisissez-le dans le champ « Code promo » de votre récapitulatif de commande. Il n'est pas cumulable avec les points Beauty Pass.",
      "",
      `Découvrir la boutique : ${absoluteUrl(ctx, d.shopPath)}`,
    ]),
  sample: { firstName: "Camille", code: "BIENVENUE-7KQ2M8XP", percent: 10, until: "26/12/2026", shopPath: "/products" },
};
