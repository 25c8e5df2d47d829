import { Link } from "react-router";
import { absoluteUrl } from "~/.server/http";
import type { Route } from "./+types/panier";
import { clearCart, removeFromCart, setQuantity, useCart } from "~/features/cart/cart-store";
import { formatPrice } from "~/lib/money";
import { buildMeta } from "~/lib/seo";
import { FREE_SHIPPING_THRESHOLD_CENTS, SHIPPING_FEE_CENTS } from "~/lib/shop-rules";

export function loader(_: Route.LoaderArgs) {
  return { canonical: absoluteUrl("/panier") };
}

export function meta({ data }: Route.MetaArgs) {
  return buildMeta({
    title: "Mon Panier",
    description: "Votre panier Aurore.",
    url: data?.canonical ?? "/panier",
    noindex: true,
  });
}

/** The cart as a page (the header's Mon Panier link); the cart lives in the browser. */
export default function CartPage() {
  const { items, count, subtotalCents } = useCart();
  const free = subtotalCents >= FREE_SHIPPING_THRESHOLD_CENTS;
  const shipping = count === 0 || free ? 0 : SHIPPING_FEE_CENTS;
  const remaining = Math.max(FREE_SHIPPING_THRESHOLD_CENTS - subtotalCents, 0);
  const progress = Math.min(100, Math.round((subtotalCents / FREE_SHIPPING_THRESHOLD_CENTS) * 100));

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="font-display text-3xl sm:text-4xl">Mon Panier</h1>
      {items.length === 0 ? (
        <div className="mt-10 rounded-2xl bg-cream px-6 py-16 text-center">
          <p className="text-lg">Votre panier est vide</p>
          <Link
            to="/products"
            className="mt-6 inline-flex min-h-11 items-center rounded-full bg-accent px-6 font-semibold text-white hover:bg-accent-dark"
          >
            Continuer mes achats
          </Link>
        </div>
      ) : (
        <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_20rem]">
          <ul className="divide-y divide-line border-y border-line">
            {items.map((item) => (
              <li key={item.product_id} className="flex gap-4 py-5">
                <img
                  src={item.image_url ?? ""}
                  alt=""
                  width={96}
                  height={96}
                  loading="lazy"
                  className="h-24 w-24 shrink-0 rounded-xl bg-band object-cover"
                />
                <div className="flex flex-1 flex-col gap-1">
                  <Link to={`/product/${item.product_id}`} className="font-semibold hover:text-accent">
                    {item.name}
                  </Link>
                  <p className="text-sm text-muted">{item.category_name ?? "Produit"}</p>
                  <p className="text-sm">{formatPrice(item.price_cents)}</p>
                  <div className="mt-2 flex items-center gap-3">
                    <div className="flex items-center rounded-full border border-line">
                      <button
                        type="button"
                        className="h-10 w-10 text-lg"
                        aria-label={`Diminuer la quantité de ${item.name}`}
                        onClick={() => setQuantity(item.product_id, item.quantity - 1)}
                      >
                        −
                      </button>
                      <span className="w-8 text-center" aria-label={`Quantité : ${item.quantity}`}>
                        {item.quantity}
                      </span>
                      <button
                        type="button"
                        className="h-10 w-10 text-lg disabled:opacity-40"
                        aria-label={`Augmenter la quantité de ${item.name}`}
                        disabled={item.quantity >= item.stock_quantity}
                        onClick={() => setQuantity(item.product_id, item.quantity + 1)}
                      >
                        +
                      </button>
                    </div>
                    <button
                      type="button"
                      className="min-h-10 text-sm text-accent underline underline-offset-4"
                      onClick={() => removeFromCart(item.product_id)}
                    >
                      Retirer
                    </button>
                  </div>
                </div>
                <p className="font-semibold">{formatPrice(item.price_cents * item.quantity)}</p>
              </li>
            ))}
          </ul>
          <aside aria-label="Récapitulatif" className="h-fit rounded-2xl bg-cream p-6">
            <dl className="space-y-2 text-sm">
              <div className="flex justify-between">
                <dt>Sous-total</dt>
                <dd>{formatPrice(subtotalCents)}</dd>
              </div>
              <div className="flex justify-between">
                <dt>Livraison</dt>
                <dd>{shipping === 0 ? "Offerte" : formatPrice(shipping)}</dd>
              </div>
              <div className="flex justify-between border-t border-line pt-2 text-base font-semibold">
                <dt>Total</dt>
                <dd>{formatPrice(subtotalCents + shipping)}</dd>
              </div>
            </dl>
            <div className="mt-4">
              <p className="text-sm">
                {free
                  ? "Livraison offerte !"
                  : `Plus que ${formatPrice(remaining)} pour profiter de la livraison offerte`}
              </p>
              <div
                className="mt-2 h-2 overflow-hidden rounded-full bg-line"
                role="progressbar"
                aria-label="Progression vers la livraison offerte"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
              >
                <div className="h-full bg-accent" style={{ width: `${progress}%` }} />
              </div>
            </div>
            <Link
              to="/checkout"
              className="mt-6 flex min-h-12 items-center justify-center rounded-full bg-accent font-semibold text-white hover:bg-accent-dark"
            >
              Commander
            </Link>
            <button
              type="button"
              onClick={() => clearCart()}
              className="mt-3 w-full min-h-10 text-sm text-muted underline underline-offset-4"
            >
              Vider le panier
            </button>
          </aside>
        </div>
      )}
    </div>
  );
}
