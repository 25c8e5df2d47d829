import { Link } from "react-router";
import { Icon } from "~/components/ui/icons";
import { useT } from "~/components/ui/i18n";

/** The account pages' way to the live chat: it opens on /service-client, in the chat card (decision 047). */
export function ChatLauncher() {
  const t = useT();
  return (
    <p className="mt-10 flex justify-end">
      <Link
        to="/service-client?chat=ouvert#carte-chat"
        className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-white px-5 py-2 font-semibold hover:border-accent hover:text-accent"
      >
        <Icon name="chat" className="h-5 w-5 text-accent" />
        {t("shop.chat.launcher")}
      </Link>
    </p>
  );
}
