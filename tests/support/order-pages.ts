import { expect } from "vitest";
import type { Locator, Page } from "playwright-core";

/** An order's card in Mes Commandes (dashboard or /profile). */
export function orderCard(page: Page, number: string): Locator {
  return page.getByRole("article", { name: `Commande ${number}` });
}

/** Opens an order's detail dialog; its button works once the page is hydrated, so it is clicked until the dialog shows. */
export async function openOrderDetail(page: Page, number: string): Promise<Locator> {
  const dialog = page.getByRole("dialog", { name: `Commande ${number}` });
  const button = orderCard(page, number).getByRole("button", { name: "Voir le détail" });
  await expect
    .poll(
      async () => {
        if (await dialog.isVisible()) return true;
        await button.click({ timeout: 1000 }).catch(() => undefined);
        await dialog.waitFor({ timeout: 1500 }).catch(() => undefined);
        return dialog.isVisible();
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(true);
  return dialog;
}
