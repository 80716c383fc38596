// Play across devices, Detective Graves host against guest: two browser
// contexts (two devices, each a fresh profile), the invitation and the
// answer passed between them as a person would paste them, and a whole
// game played to the end over a WebRTC data channel on loopback. At every
// step the guest's page and every message it received hold none of the
// host's secrets. A guest reload and a host reload mid-game each recover
// with nothing lost; tampered messages from the guest are refused.
//
// The browser tests run in a network namespace that nothing can leave
// (scripts/isolated-network, from scripts/test): every packet of these
// connections stays on this machine.
import { expect, test } from "./helpers/test";
import { type Page } from "@playwright/test";
import { answer, connect as connectDevices, device, invitation as invitationFor, latencies, onlyInIsolatedNetwork, scan, sendRaw, summary, violations, wireCount as wireCountOf } from "./helpers/remote";
import { seriousViolations } from "./helpers/axe";
import { smallTargets } from "./helpers/targets";
import { SAVE_KEY, cardName, endDialog, identityName, newGame, saved, shownHand, step, type Saved } from "./helpers/detective-graves";

onlyInIsolatedNetwork();

/** Ben's invitation goes to his device and his answer comes back. */
const connect = (host: Page, guest: Page, how: "open" | "paste", onAnswer?: () => Promise<void>) =>
  connectDevices(host, guest, { game: "detective-graves", name: "Ben", table: ".dg-table", how, onAnswer });
const invitation = (host: Page) => invitationFor(host, "Ben");

/** The guest's page and the last message it received hold nothing of
 * Ana's: not her hand, nor (while Ben is the Detective in a case going on)
 * the Mastermind's identity. */
async function checkGuestSeesOnlyBen(host: Page, guest: Page) {
  const lastTable = async () => {
    const wire: string[] = await guest.evaluate(() => (window as unknown as { __wire: string[] }).__wire);
    const tables = wire.map((m) => JSON.parse(m)).filter((m) => m.Table);
    return tables.length ? tables[tables.length - 1] : null;
  };
  const bensHand = (s: Saved) => s.hands[s.detective === 0 ? 1 : 0].map(cardName).sort();
  // Both devices have settled: the host's last change (its own, or one
  // the guest sent) has reached the guest. The save and the message read
  // together are checked against each other.
  let s: Saved | null = null;
  let last: { Table?: { view: { hand: Saved["hands"][0] } } } | null = null;
  await expect
    .poll(async () => {
      s = await saved(host);
      last = await lastTable();
      const guestHand = (last?.Table?.view.hand ?? []).map(cardName).sort();
      return JSON.stringify(guestHand) === JSON.stringify(bensHand(s));
    })
    .toBe(true);
  // (Assigned in the poll above.)
  s = s!;
  last = last as unknown as { Table?: { view: { hand: Saved["hands"][0] } } } | null;
  const anaIsDetective = s.detective === 0;
  const anaHand = s.hands[anaIsDetective ? 0 : 1];
  const benHand = s.hands[anaIsDetective ? 1 : 0];
  const html = await guest.content();
  if (last?.Table) {
    const view = { ...last.Table.view, stakeout: null };
    const viewText = JSON.stringify(view);
    for (const card of anaHand) {
      expect(viewText, `Ana's ${cardName(card)} in Ben's view`).not.toContain(JSON.stringify(card));
    }
    expect(last.Table.view.hand.map(cardName).sort()).toEqual(benHand.map(cardName).sort());
  }
  const benDetective = !anaIsDetective;
  if (benDetective && !["Accuse", "Over"].includes(s.phase)) {
    const identity = identityName(s.identity);
    expect(html, "the identity in Ben's page").not.toContain(identity);
    if (last?.Table) expect(JSON.stringify(last.Table.view)).not.toContain(`"${s.identity}"`);
  }
  // Ben's hand on his page is his own.
  if ((await guest.locator(".dg-hand").count()) > 0) {
    await expect.poll(() => shownHand(guest)).toEqual(benHand.map(cardName).sort());
  }
}

/** Both devices play on until `done`, checking the guest at each step. */
async function playUntil(host: Page, guest: Page, done: () => Promise<boolean>, maxSteps = 4_000) {
  let steps = 0;
  const wireCount = () => wireCountOf(guest);
  while (!(await done())) {
    const h = await step(host);
    const sent = await wireCount();
    const g = await step(guest);
    // An action the guest sent is answered (its new table, or a refusal)
    // before the devices are compared. (Going past a case result is this
    // device's own; a placing refused here sends nothing.)
    if (!["wait", "case-result"].includes(g)) {
      await expect.poll(wireCount, { timeout: 5_000 }).toBeGreaterThan(sent).catch(() => {});
    }
    if (h !== "wait" || g !== "wait") await checkGuestSeesOnlyBen(host, guest);
    expect(++steps, "the game moves on").toBeLessThan(maxSteps);
  }
}

test("Detective Graves host against guest: a whole game on two devices, nothing secret on the guest's", { tag: "@engines" }, async ({ browser, browserName }) => {
  // In Chromium the Joker and Serial Killer games play whole across two
  // devices, and this game's reload and tamper tests run: this whole game,
  // the longest, runs in Firefox only (52 s of the test command's time).
  test.skip(browserName === "chromium", "played whole in Firefox; Chromium plays Joker's and Serial Killer's");
  test.setTimeout(300_000);
  const host = await device(browser);
  const guest = await device(browser);
  await newGame(host.page, [["Ana", "person"], ["Ben", "own-device"]], { length: /^The Single Case/ });
  // The invitation's picture reads as its link; the answer's as its code.
  expect(await scan(host.page, "Invitation for Ben")).toBe(await invitation(host.page).inputValue());
  expect(await seriousViolations(host.page), "axe on the invitation").toEqual([]);
  expect(await smallTargets(host.page), "targets on the invitation").toEqual([]);
  await connect(host.page, guest.page, "open", async () => {
    expect(await scan(guest.page, "Your answer")).toBe(await answer(guest.page).inputValue());
    expect(await seriousViolations(guest.page), "axe on the answer").toEqual([]);
    expect(await smallTargets(guest.page), "targets on the answer").toEqual([]);
  });
  // Each device has its own seat, and no hand-over screen.
  await expect(host.page.locator(".turn-banner")).toBeVisible();
  // The host's players' panel says where Ben plays.
  await expect(host.page.locator(".players")).toContainText("Person, on their own device");
  await expect(host.page.locator('.players [aria-label^="Ben, Person, on their own device"]')).toHaveCount(1);
  await playUntil(host.page, guest.page, () => endDialog(host.page).isVisible());
  await expect(endDialog(host.page)).toContainText(/Ana \d+, Ben \d+\./);
  await expect(guest.page.getByRole("dialog")).toContainText(/Ana \d+, Ben \d+\./);
  // Reported, not asserted (speed is measured, not tested).
  const report = `host tap to guest frame: ${summary(await latencies(host.page, guest.page))}; guest tap to host frame: ${summary(await latencies(guest.page, host.page))}`;
  test.info().annotations.push({ type: "latency on loopback", description: report });
  console.log(`remote latency: ${report}`);
  // The connection needed nothing the page's policy refuses.
  expect(await violations(host.page)).toEqual([]);
  expect(await violations(guest.page)).toEqual([]);
  expect(host.errors).toEqual([]);
  expect(guest.errors).toEqual([]);
  await host.context.close();
  await guest.context.close();
});

test("a guest reload and a host reload mid-game: both come back to the same table, nothing lost", async ({ browser }) => {
  test.setTimeout(240_000);
  const host = await device(browser);
  const guest = await device(browser);
  await newGame(host.page, [["Ana", "person"], ["Ben", "own-device"]]);
  await connect(host.page, guest.page, "open");
  // Play a few moves in.
  let moves = 0;
  await playUntil(host.page, guest.page, async () => moves++ > 12);
  const before = await host.page.evaluate((key) => localStorage.getItem(key), SAVE_KEY);
  const handBefore = await shownHand(guest.page);

  // The guest's page reloads: back at its seat's table, told the game is
  // still on; its seat waits, a new invitation comes.
  await guest.page.reload();
  await expect(guest.page.getByRole("heading", { name: "Back at Ben's seat" })).toBeVisible();
  await expect(guest.page.getByText("The game is still on at the host's device")).toBeVisible();
  expect(await shownHand(guest.page)).toEqual(handBefore);
  await expect(invitation(host.page)).toBeVisible();
  await connect(host.page, guest.page, "paste");
  expect(await host.page.evaluate((key) => localStorage.getItem(key), SAVE_KEY)).toBe(before);
  expect(await shownHand(guest.page)).toEqual(handBefore);

  // The host's page reloads: the game comes back from its save and Ben is
  // invited again; his page says the host is away until then.
  await host.page.reload();
  await expect(guest.page.getByRole("heading", { name: "The host's device is away" })).toBeVisible();
  await expect(invitation(host.page)).toBeVisible();
  expect(await host.page.evaluate((key) => localStorage.getItem(key), SAVE_KEY)).toBe(before);
  await connect(host.page, guest.page, "paste");
  expect(await shownHand(guest.page)).toEqual(handBefore);
  // And the game goes on.
  moves = 0;
  await playUntil(host.page, guest.page, async () => moves++ > 6);
  expect(host.errors).toEqual([]);
  expect(guest.errors).toEqual([]);
  await host.context.close();
  await guest.context.close();
});

test("tampered messages from the guest are refused with a message and change nothing", async ({ browser }) => {
  test.setTimeout(120_000);
  const host = await device(browser);
  const guest = await device(browser);
  // Ana is the first Detective, who keeps or changes her hand first.
  await newGame(host.page, [["Ana", "person"], ["Ben", "own-device"]]);
  await connect(host.page, guest.page, "open");
  const save = () => host.page.evaluate((key) => localStorage.getItem(key), SAVE_KEY);
  const before = await save();
  const s = await saved(host.page);
  const send = (text: string) => sendRaw(guest.page, text);
  const wireCount = () => wireCountOf(guest.page);
  const lastWire = () => guest.page.evaluate(() => (window as unknown as { __wire: string[] }).__wire.at(-1) || "");
  const version = JSON.parse(await lastWire()).Table.version;
  const refusedWith = async (text: string, why: RegExp) => {
    const sent = await wireCount();
    expect(await send(text)).toBe("sent");
    await expect.poll(wireCount).toBeGreaterThan(sent);
    expect(await lastWire()).toMatch(/"Refused"/);
    expect(JSON.parse(await lastWire()).Refused.why).toMatch(why);
    expect(await save()).toBe(before);
  };
  expect(s.actor).toBe("Detective");
  // Another seat's action: it is Ana's turn, not Ben's.
  await refusedWith(JSON.stringify({ Act: { version, actions: ["KeepHand"] } }), /not your turn/);
  // Garbage, and another game's action.
  await refusedWith("garbage", /not one of this game's/);
  await refusedWith(JSON.stringify({ Act: { version, actions: [{ Shoot: 3 }] } }), /not one of this game's/);
  // Over the size a guest may send (the data channel itself takes 256 KB).
  await refusedWith(JSON.stringify({ Act: { version, actions: ["x".repeat(200_000)] } }), /KB was refused/);
  // 10 MB: the browser will not even send it over the channel, or the host refuses it.
  const count = await wireCount();
  const big = await send("x".repeat(10 * 1024 * 1024));
  if (big === "sent") {
    await expect.poll(wireCount).toBeGreaterThan(count);
    expect(await lastWire()).toMatch(/KB was refused/);
  }
  expect(await save()).toBe(before);
  // An illegal action in Ben's turn: once Ana keeps her hand, a card Ben
  // does not hold.
  await host.page.getByRole("button", { name: "Keep this hand", exact: true }).or(host.page.getByRole("button", { name: "Keep my hand", exact: true })).first().click();
  await expect.poll(async () => (await saved(host.page)).actor).toBe("Mastermind");
  const now = await saved(host.page);
  const anaCard = now.hands[0][0];
  await expect.poll(async () => JSON.parse(await lastWire()).Table?.version ?? 0).toBeGreaterThan(version);
  const v = JSON.parse(await lastWire()).Table.version;
  const afterKeep = await save();
  const beforeIllegal = await wireCount();
  expect(await send(JSON.stringify({ Act: { version: v, actions: [{ PassSwap: anaCard }] } }))).toBe("sent");
  await expect.poll(wireCount).toBeGreaterThan(beforeIllegal);
  expect(await lastWire()).toMatch(/"Refused"/);
  expect(await save()).toBe(afterKeep);
  // The guest's table shows the refusal where its own would show.
  await expect(guest.page.locator('.table-message[data-tone="refusal"]')).toContainText(/./);
  expect(host.errors).toEqual([]);
  await host.context.close();
  await guest.context.close();
});

test("a guest who does not come: the host lets the computer play the seat, and the game goes on", async ({ browser }) => {
  test.setTimeout(120_000);
  const host = await device(browser);
  // Ben is the first Detective: the game waits for him.
  await newGame(host.page, [["Ana", "person"], ["Ben", "own-device"]], { firstDetective: 2 });
  await expect(invitation(host.page)).toBeVisible();
  const before = await saved(host.page);
  expect(before.actor).toBe("Detective");
  await host.page.getByRole("button", { name: "Let the computer play Ben" }).click();
  await expect(host.page.getByText(/^The computer \(Simple\) plays Ben's seat for the rest of this game/)).toBeVisible();
  await host.page.getByRole("button", { name: "Yes, the computer plays" }).click();
  await expect(invitation(host.page)).toHaveCount(0);
  // Ben's seat is the computer's, in the save; it plays, and the turn comes to Ana.
  const kinds = () => host.page.evaluate((key) => JSON.parse(localStorage.getItem(key)!).data.state.kinds, SAVE_KEY);
  expect(await kinds()).toEqual(["Person", { Computer: "Simple" }]);
  await expect.poll(async () => (await saved(host.page)).actor, { timeout: 20_000 }).toBe("Mastermind");
  // After a reload nobody is invited again.
  await host.page.reload();
  await expect(host.page.locator(".dg-table")).toBeVisible();
  await expect(host.page.getByRole("region", { name: "Ben on another device" })).toHaveCount(0);
  expect(host.errors).toEqual([]);
  await host.context.close();
});

test.describe("with the service worker", () => {
  // Offline start-up comes from it (blocked elsewhere, e2e/playwright.config.ts).
  test.use({ serviceWorkers: "allow" });

  test("offline, as an installed app with only the room's network: the devices connect and play", async ({ browser }) => {
    test.setTimeout(180_000);
    const host = await device(browser);
    const guest = await device(browser);
    // Each device has opened the app once: its service worker keeps it.
    // Then no server answers any more (as in a room with Wi-Fi and no
    // internet; the browser's own offline mode would also stop the devices'
    // local network), and each device opens the app again.
    for (const d of [host, guest]) {
      await d.page.goto("/");
      await d.page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
      await d.context.route("**/*", (route) => route.abort("internetdisconnected"));
      await d.page.reload();
      await expect(d.page.getByRole("heading", { name: "Detective Graves" })).toBeVisible();
    }
    await newGame(host.page, [["Ana", "person"], ["Ben", "own-device"]]);
    await connect(host.page, guest.page, "open");
    let moves = 0;
    await playUntil(host.page, guest.page, async () => moves++ > 6);
    expect(host.errors).toEqual([]);
    expect(guest.errors).toEqual([]);
    await host.context.close();
    await guest.context.close();
  });
});

test("the host's device scans the answer: its camera app opens the answer's link, which hands it to the game", async ({ browser }) => {
  test.setTimeout(120_000);
  const host = await device(browser);
  const guest = await device(browser);
  await newGame(host.page, [["Ana", "person"], ["Ben", "own-device"]]);
  await guest.page.goto(await invitation(host.page).inputValue());
  const answerLink = await answer(guest.page).inputValue();
  expect(answerLink).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#\/detective-graves\/join\/[A-Za-z0-9_-]+$/);
  expect(await scan(guest.page, "Your answer")).toBe(answerLink);
  // Opened on a device where no game invited, it says so.
  const stranger = await device(browser);
  await stranger.page.goto(answerLink);
  await expect(stranger.page.getByText(/^No game on this device is waiting for this answer/)).toBeVisible();
  // The host's camera app opens it in another tab of the host's browser:
  // the answer goes to the game, which connects.
  const tab = await host.context.newPage();
  await tab.goto(answerLink);
  await expect(tab.getByRole("heading", { name: "The answer went to your game" })).toBeVisible();
  await expect(host.page.getByText("Ben is connected on their own device.")).toBeVisible();
  await expect(guest.page.locator(".dg-table")).toBeVisible();
  expect(host.errors).toEqual([]);
  expect(guest.errors).toEqual([]);
  expect(stranger.errors).toEqual([]);
  await host.context.close();
  await guest.context.close();
  await stranger.context.close();
});

test("an invitation opened under another game's join page says so, and answers nothing", async ({ browser }) => {
  test.setTimeout(60_000);
  const host = await device(browser);
  const guest = await device(browser);
  await newGame(host.page, [["Ana", "person"], ["Ben", "own-device"]]);
  const link = await invitation(host.page).inputValue();
  const elsewhere = link.replace("#/detective-graves/join/", "#/joker/join/");
  expect(elsewhere).not.toBe(link);
  await guest.page.goto(elsewhere);
  await expect(guest.page.getByText("This invitation is for another game: open its link as the host sent it")).toBeVisible();
  await expect(answer(guest.page)).toHaveCount(0);
  // The same invitation under its own game's page is answered.
  await guest.page.goto(link);
  await expect(answer(guest.page)).toBeVisible();
  await host.context.close();
  await guest.context.close();
});

// Issue 47: the first-run tour never opens over a host's invitation panel
// (on a phone it covered "Their answer" and Connect); it waits, as on a
// hand-over screen, and points at the table once the panel is done with.
test("the table's tour waits while a seat's invitation is open, then shows beside the table", async ({ browser }) => {
  const host = await device(browser);
  await host.page.setViewportSize({ width: 390, height: 844 });
  // A first visit to the table: no tour seen yet.
  await host.page.addInitScript(() =>
    localStorage.setItem("gm.settings", JSON.stringify({ app: "grave-matters", kind: "settings", version: 1, data: { tours_seen: [] } })),
  );
  await newGame(host.page, [["Ana", "person"], ["Ben", "own-device"]], { firstDetective: 2 });
  await expect(invitationFor(host.page, "Ben")).toBeVisible();
  const tour = host.page.getByRole("dialog", { name: /^Tour: step/ });
  await host.page.waitForTimeout(300);
  await expect(tour).toBeHidden();
  await expect(host.page.locator(".tour-ring")).toBeHidden();
  await host.page.getByRole("button", { name: "Let the computer play Ben" }).click();
  await host.page.getByRole("button", { name: "Yes, the computer plays" }).click();
  await expect(tour).toBeVisible();
  await expect(tour).toBeInViewport({ ratio: 1 });
  await expect(host.page.locator(".tour-ring")).toBeVisible();
  expect(host.errors).toEqual([]);
  await host.context.close();
});
