// What the Joker game-playing tests share.
import { type Page } from "@playwright/test";

export const dialog = (page: Page) => page.getByRole("dialog");

/** Deals with an open dialog, if any: goes on from a round's end, or
 * confirms a shot whose confirming click missed in an earlier step (a slow
 * page), which would otherwise wait for ever. `null` when no dialog is
 * open; "dialog" for one a player has nothing to do in (the game's end). */
export async function stepDialog(page: Page): Promise<"round over" | "shot" | "dialog" | null> {
  const quick = { timeout: 2_000 };
  if (!(await dialog(page).isVisible())) return null;
  const next = dialog(page).getByRole("button", { name: "Next round" });
  if (await next.isVisible()) {
    await next.click(quick).catch(() => {});
    return "round over";
  }
  const confirm = dialog(page).getByRole("button", { name: "Shoot" });
  if (await confirm.isVisible()) {
    await confirm.click(quick).catch(() => {});
    return "shot";
  }
  return "dialog";
}
