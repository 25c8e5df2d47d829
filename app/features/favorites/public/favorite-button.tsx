import { HeartFilledIcon, HeartIcon } from "~/components/ui/icons";
import { showToast } from "~/components/ui/toast";
import { useT } from "~/components/ui/i18n";
import { FAVORITE_SIGN_IN_TOAST, setFavorite, useFavorites } from "~/features/favorites/favorites-store";

/**
 * The favourite heart (spec §2, §4): a toggle button (aria-pressed) labelled 'Ajouter aux favoris'
 * or 'Retirer des favoris'. Visitors get 'Veuillez vous connecter pour ajouter des favoris'.
 */
export function FavoriteButton({
  productId,
  describedBy,
  className = "",
  iconClassName = "h-5 w-5",
}: {
  productId: string;
  /** Id of the product's name, so the button reads "Ajouter aux favoris, {name}". */
  describedBy?: string;
  className?: string;
  iconClassName?: string;
}) {
  const { userId, ids } = useFavorites();
  const favorite = ids.has(productId);
  const t = useT();
  const label = favorite ? t("common.favorites.remove") : t("common.favorites.add");

  function onClick() {
    if (!userId) {
      showToast(FAVORITE_SIGN_IN_TOAST);
      return;
    }
    void setFavorite(userId, productId, !favorite);
  }

  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={favorite}
      title={label}
      aria-describedby={describedBy}
      onClick={onClick}
      className={`${className} ${favorite ? "text-accent" : "text-ink hover:text-accent"}`}
    >
      {favorite ? <HeartFilledIcon className={iconClassName} /> : <HeartIcon className={iconClassName} />}
    </button>
  );
}
