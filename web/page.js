// The page's thread: it only draws and listens. The whole app (web/app: the start screen,
// the table, the saves, the bots) runs in one Python worker (main.py, app/worker/bridge.py); this
// module sends it the player's actions as plain data and draws what it answers: the HTML of
// each region, the dialog, <body data-turn>, the body's classes, a sound cue, a download.
//
// Before the worker is ready the start screen that build.py rendered into index.html already
// takes input: changes to the form are kept and handed to the worker when it is up; Deal shows
// the progress and deals the moment the worker is ready.
//
// Storage: a worker has no localStorage. This page owns it: it hands the worker a snapshot of
// the site's keys at start, applies the writes every answer carries, in order, tells the worker
// of a write it could not make (storage full), and passes on other tabs' writes.
import { dragToPlay } from "./drag.js";
import * as motion from "./motion.js";

const body = document.body;
const SITE_KEYS = "five-hundred";
const PROBE = "five-hundred-probe";
const REGIONS = ["start", "standings", "top", "arena", "panel", "hand", "pad"];
const SCREENS = ["start", "table", "standings", "pad"];
const CARD_REGIONS = ["arena", "hand"];  // where cards move (web/motion.js): an answer that changes neither moves none
const WORKER_START_TIMEOUT_MS = 120_000;
const FORM_CONTROLS = "input, select";  // patchNode sets their properties from their attributes
const drawn = {};
let worker = null;  // the worker's exports, once it answered "start"
let queued = [];  // what the player did on the start screen before that
let dealing = false;  // Deal was pressed before the worker was ready
let chain = Promise.resolve();  // messages go to the worker one after another, answers come back in order
let sent = 0;  // messages sent to the worker: an answer to an earlier one than the last is not drawn
let waiting = 0;  // messages not yet answered: <body data-busy> says whether there are any
let storeFull = false;  // the last answer said the store refused a write: each action, and each
                        // write of another tab, probes it, and tells the worker when there is room
let timer = 0;
const typed = new Map();  // text typed into a field but not yet handed to the worker: data-key -> value

const attribute = (element, name) => element?.getAttribute(name) ?? "";

// --- storage -------------------------------------------------------------------------------
function storeOf(area) {
  try {
    return area === "local" ? localStorage : sessionStorage;
  } catch {
    return null;  // disabled: reading the property throws
  }
}

function snapshot(area) {
  const store = storeOf(area);
  if (!store) return null;
  try {
    store.getItem(PROBE);  // a store that takes writes but cannot read them back is none (issue 39)
    const data = {};
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key.startsWith(SITE_KEYS)) data[key] = store.getItem(key);
    }
    return data;
  } catch {
    return null;
  }
}

function isFull() {
  try {
    localStorage.setItem(PROBE, "1");
    localStorage.removeItem(PROBE);
    return false;
  } catch {
    return true;
  }
}

// Make the answer's writes, in order. A write the store refuses, and every write after it in the
// answer, is not made but reported back to the worker with the store's value: a finished game's
// save is removed only after its History entry, so a full store keeps the save.
function applyWrites(writes) {
  let refused = false;
  for (const [area, key, value] of writes) {
    const store = storeOf(area);
    if (!refused) {
      try {
        if (value === null) store.removeItem(key);
        else store.setItem(key, value);
        continue;
      } catch {
        refused = true;
      }
    }
    let now = null;
    try { now = store.getItem(key); } catch { /* unreadable too */ }
    send({ op: "refused", area, key, value: now });
  }
}

// --- drawing -------------------------------------------------------------------------------
// Draw an answer; `stale`: the player has acted since its message was sent, and the answer to
// that is on its way (drawing this one would undo the player's change on the screen for a moment).
function draw(answer, quiet = false, stale = false) {
  applyWrites(answer.writes);
  storeFull = Boolean(answer.full);
  if (answer.download) download(...answer.download);
  if (answer.sound && window.playSound) window.playSound(answer.sound);  // web/sound.js
  if (stale) return;
  if (!quiet) {
    const focusKey = attribute(document.activeElement, "data-key");
    const opened = [...document.querySelectorAll("details[open][data-key]")].map((d) => attribute(d, "data-key"));
    const pace = paceOf(answer.regions.arena);
    const cardsChange = CARD_REGIONS.some((name) => answer.regions[name] !== undefined && answer.regions[name] !== drawn[name]);
    const moved = cardsChange && motion.duration(pace) ? motion.note() : null;  // the cards' boxes before the patch (web/motion.js)
    for (const screen of SCREENS) {  // set again, the same, it would restyle the screen all the same
      const element = document.getElementById(screen), hidden = answer.screen !== screen;
      if (element.hidden !== hidden) element.hidden = hidden;
    }
    for (const name of REGIONS) {
      const html = answer.regions[name];
      if (html !== undefined && drawn[name] !== html) {
        patch(document.getElementById(name), html);
        drawn[name] = html;
      }
    }
    motion.play(moved, pace);
    for (const key of opened) {
      for (const d of document.querySelectorAll(`details[data-key="${CSS.escape(key)}"]`)) d.open = true;
    }
    for (const [key, value] of typed) {
      const field = document.querySelector(`[data-key="${CSS.escape(key)}"]`);
      if (field) field.value = value;
    }
    drawDialog(answer.regions.dialog ?? "");
    restoreFocus(focusKey, answer.screen);
    rove();
  }
  body.dataset.turn = answer.marker;
  for (const [name, on] of Object.entries(answer.classes)) body.classList.toggle(name, on);
  schedule(answer.due);
}

// The bots' pause the table is drawn at (ms): the answer's, else the one on the screen. At 0, or
// when the cards' regions do not change (a dialog opened), nothing moves and no card's box is read:
// reading them lays the page out at once, and the running travels would be cancelled.
function paceOf(arena) {
  if (arena === undefined) return Number(document.querySelector("#arena .arena")?.dataset.pace ?? 0);
  return Number(/data-pace="(\d+)"/.exec(arena)?.[1] ?? 0);
}

// Make `element`'s content the given HTML, keeping the elements that stay (matched by data-key,
// else by tag in order): the focus, a card's element and the scroll stay where they were.
function patch(element, html) {
  const next = document.createElement("template");
  next.innerHTML = html;
  patchChildren(element, next.content);
}

// A keyed child the new HTML no longer has is removed first: the children after it then stay in
// place (moving an element restyles and lays out all of it, a card's SVG faces too).
function patchChildren(from, to) {
  const wantedKeys = new Set();
  for (const child of to.children) if (child.dataset.key) wantedKeys.add(child.dataset.key);
  const keyed = new Map();
  for (const child of [...from.children]) {
    const key = child.dataset.key;
    if (key && wantedKeys.has(key)) keyed.set(key, child);
    else if (key) child.remove();
  }
  let at = from.firstChild;
  for (const wanted of [...to.childNodes]) {
    const key = wanted.nodeType === Node.ELEMENT_NODE ? wanted.dataset.key : undefined;
    let have = key ? keyed.get(key) : at;
    if (have && !key && (have.nodeType !== wanted.nodeType || have.nodeName !== wanted.nodeName
                         || (have.nodeType === Node.ELEMENT_NODE && have.dataset.key))) have = null;
    if (have && key && have.nodeName !== wanted.nodeName) have = null;
    if (!have) {
      from.insertBefore(wanted, at);
      continue;
    }
    if (have !== at) from.insertBefore(have, at);
    else at = at.nextSibling;
    if (key) keyed.delete(key);
    patchNode(have, wanted);
  }
  while (at) {
    const gone = at;
    at = at.nextSibling;
    gone.remove();
  }
}

function patchNode(have, wanted) {
  if (have.nodeType !== Node.ELEMENT_NODE) {
    if (have.nodeValue !== wanted.nodeValue) have.nodeValue = wanted.nodeValue;
    return;
  }
  // Unchanged (a card's face, a bot's fan of backs, most of a region): nothing to walk, as the
  // browser's own comparison says, several times faster than walking it from here (issue 16:
  // short tasks on this thread). A form control's property is set below whatever its attributes.
  if (have.isEqualNode(wanted) && !have.matches(FORM_CONTROLS) && !have.querySelector(FORM_CONTROLS)) return;
  for (const { name } of [...have.attributes]) if (!wanted.hasAttribute(name)) have.removeAttribute(name);
  for (const { name, value } of wanted.attributes) if (have.getAttribute(name) !== value) have.setAttribute(name, value);
  if (have.tagName === "INPUT") {  // what the page shows is the property, not the attribute
    have.checked = wanted.hasAttribute("checked");
    if (have.type !== "file") have.value = wanted.getAttribute("value") ?? "";
  }
  patchChildren(have, wanted);
  if (have.tagName === "SELECT") {
    const chosen = [...have.options].findIndex((o) => o.hasAttribute("selected"));
    have.selectedIndex = chosen < 0 ? 0 : chosen;
  }
}

function drawDialog(html) {
  const dialog = document.getElementById("dialog");
  if (html && drawn.dialog !== html) {
    dialog.innerHTML = html;
    if (navigator.share) for (const control of dialog.querySelectorAll("[data-action=web-share]")) control.hidden = false;
  }
  drawn.dialog = html;
  if (html && !dialog.open) {
    dialog.showModal();  // focuses an [autofocus] title, else the first focusable: then the next decision
    if (!dialog.querySelector("[autofocus]")) dialog.querySelector("[data-autofocus]:not([disabled])")?.focus();
  } else if (!html && dialog.open) dialog.close();
}

// Focus the control that had it before the redraw, else (focus lost: on nothing, or on a screen
// now hidden) the next decision; a redrawn card that cannot be played now gives its focus to the
// next decision too.
function restoreFocus(key, screen) {
  const dialog = document.getElementById("dialog");
  const scope = dialog.open ? dialog : document.getElementById(screen);
  let target = key ? scope.querySelector(`[data-key="${CSS.escape(key)}"]`) : null;
  const active = document.activeElement;
  if (target && target !== active && attribute(target, "aria-disabled") === "true") target = null;
  if (!target && (!active || active === body || !scope.contains(active) || attribute(active, "aria-disabled") === "true")) {
    target = scope.querySelector("[data-autofocus]");
  }
  if (target && target !== active) target.focus({ preventScroll: true });
}

function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// --- the worker ----------------------------------------------------------------------------
// One message to the worker, after those sent before; its answer is drawn (unless quiet).
// <body data-busy="yes"> until every message sent has its answer drawn and its writes stored.
function send(message, quiet = false) {
  if (storeFull && (message.op === "act" || message.op === "storage") && !isFull()) {
    storeFull = false;
    message.room = true;
  }
  const number = ++sent;
  if (message.op === "act" && !quiet) body.dataset.turn = "wait";  // until the answer says what is next
  waiting++;
  body.dataset.busy = "yes";
  const what = message.op === "act" ? `${message.action} ${message.value}` : message.op;
  const times = window.fiveHundredTimes;  // a benchmark's record (scripts/bench_motion.py): none otherwise
  const queued = performance.now();
  chain = chain.then(async () => {
    if (body.dataset.ready === "error") return;  // the error screen is up: nothing more is drawn behind it
    const at = performance.now();
    const text = await worker.handle(JSON.stringify(message));
    const answered = performance.now();
    draw(JSON.parse(text), quiet, number < sent);
    times?.push({ what, queued, at, answered, drawn: performance.now() });
  })
    .catch((error) => {  // a bug of ours outside the bridge's own guard: said, never a silent freeze
      console.error("Five Hundred:", error);
      clearTimeout(timer);
      window.fiveHundredFailed?.(lastLine(error), true);  // web/loading.js
    })
    .finally(() => { if (--waiting === 0) body.dataset.busy = "no"; });
  return chain;
}

// An error's last line: a Python traceback ends with the exception itself.
function lastLine(error) {
  const lines = String(error?.message ?? error).split("\n").filter((line) => line.trim());
  return lines.at(-1)?.trim() || "an error";
}

// The bots' next move (or auto-play's next hand) is due in `ms`: the page keeps the timer.
function schedule(ms) {
  clearTimeout(timer);
  if (ms !== null && ms !== undefined) timer = setTimeout(() => send({ op: "tick" }), ms);
}

async function startWorker() {
  const tag = document.querySelector('script[type="py"][worker][name="app"]');
  // PyScript reports a worker that cannot start only as an error or unhandled rejection on the page.
  const failed = new Promise((_, reject) => {
    for (const kind of ["error", "unhandledrejection"]) {
      addEventListener(kind, (event) => reject(new Error(String(event.reason?.message ?? event.reason ?? event.message))));
    }
    setTimeout(() => reject(new Error("it took more than two minutes")), WORKER_START_TIMEOUT_MS);
  });
  failed.catch(() => {});
  await Promise.race([import("./pyscript/core.js"), failed]);
  dispatchEvent(new CustomEvent("five-hundred:progress"));  // PyScript is loaded (web/loading.js)
  while (!tag.xworker) await new Promise((resolve) => setTimeout(resolve, 10));
  const exports = await Promise.race([tag.xworker.ready, failed]);
  const sync = exports?.handle ? exports : tag.xworker.sync;
  if (!sync?.handle) throw new Error("the game's Python stopped before it was ready");
  const handed = queued.length;
  const local = snapshot("local");
  const first = await Promise.race([sync.handle(JSON.stringify({
    op: "start", local, session: snapshot("session"), full: isFull(), unreadable: local === null && storeOf("local") !== null,
    path: location.pathname, search: location.search, href: location.href, queued,
  })), failed]);
  const later = queued.slice(handed);  // what the player did while the worker started the app
  worker = sync;
  window.fiveHundred = { bots: { call: (text) => sync.call(text) } };  // for tests: fiveHundred.bots.call(text)
  queued = null;
  if (location.search) history.replaceState(null, "", location.pathname);  // a reload resumes the game, not the link
  draw(JSON.parse(first));
  for (const [action, value] of later) act(action, value);
  document.getElementById("loading").hidden = true;
  document.getElementById("app").hidden = false;
  body.dataset.busy ??= "no";  // unless what the player did meanwhile is on its way (send)
  body.dataset.worker = "ready";
  body.dataset.ready = "true";
}

// --- events --------------------------------------------------------------------------------
// Before the worker is up, the start form's own changes are kept for it; Deal waits for it.
function act(action, value, quiet = false) {
  if (!worker && action === "start") {  // until the worker's classes come, the form as built says
    body.classList.toggle("sounds-on", Boolean(document.querySelector('#start [data-key="pref-sound"]')?.checked));
  }
  window.wakeSound?.();  // web/sound.js: audio made in the player's gesture (the Deal, a long task)
  if (action === "copy-link" || action === "web-share") return shareLink(action, value);
  if (worker) return send({ op: "act", action, value }, quiet);
  if (action.startsWith("set:") || action.startsWith("pref:") || action === "reset-rules") {
    queued.push([action, value]);
  } else if (action === "start" || action === "pad-start") {  // Deal, or Score a real game: done once the worker is up
    queued.push([action, value]);
    if (!dealing) {
      dealing = true;
      document.getElementById("app").hidden = true;
      document.getElementById("loading").hidden = false;  // loading.js shows the progress there
    }
  }
}

async function shareLink(action, url) {
  const status = document.querySelector("#dialog .copy-status");
  let words;
  try {
    if (action === "web-share") {
      await navigator.share({ title: "Five Hundred", url });
      return;
    }
    await navigator.clipboard.writeText(url);
    words = "Link copied: paste it in a message to a friend.";
  } catch {  // refused, or no clipboard: the link is there to select
    words = "The link could not be copied here: select it above and copy it.";
  }
  if (status) status.textContent = words;
}

// A control pressed again before the answer to its first press is drawn (a double click) does
// nothing: one press, one action. But a step on or back (+, -) counts each press, and so does a
// card: its first tap chooses it and a second plays it, however quick the two.
let pressed = null;
const root = document.getElementById("app");
root.addEventListener("click", (event) => {
  const control = event.target.closest("button[data-action]");
  if (!control) return;
  const action = attribute(control, "data-action");
  const value = attribute(control, "data-value");
  if (control === pressed && value !== "+" && value !== "-" && action !== "card") return;
  const answered = act(action, value);
  if (!answered) return;
  pressed = control;
  answered.finally(() => { if (pressed === control) pressed = null; });
});
dragToPlay(root, act);
root.addEventListener("change", (event) => {
  const control = event.target;
  const action = attribute(control, "data-action");
  if (!action || control.tagName === "BUTTON") return;
  if (control.type === "file") {
    const file = control.files?.[0];
    if (file) file.text().then((text) => { control.value = ""; act("import", text); });
  } else if (control.type === "text") {  // the page already shows what was typed: no redraw under the pointer
    typed.delete(attribute(control, "data-key"));
    act(action, control.value, true);
  } else {
    act(action, control.type === "checkbox" ? (control.checked ? "on" : "off") : control.value);
  }
});
root.addEventListener("input", ({ target }) => {
  if (target.type === "text" && attribute(target, "data-key")) typed.set(attribute(target, "data-key"), target.value);
});
root.addEventListener("submit", (event) => {
  event.preventDefault();
  act("start", document.getElementById("deal-code")?.value ?? "");  // a tournament has no deal code
});
// U undoes.
document.addEventListener("keydown", (event) => {
  const { key } = event;
  if ((key === "u" || key === "U") && !(event.ctrlKey || event.metaKey || event.altKey)
      && !document.getElementById("dialog").open && !event.target.closest("input, select, textarea")
      && document.querySelector('[data-key="undo"]')) {
    event.preventDefault();  // U: the Undo button's key (aria-keyshortcuts)
    act("undo", "");
  }
});
// A group marked data-roving (the hand, the player's piles, the bids, the partner picker, the
// auction) is one Tab stop: the button last focused there, else the next decision's, else the
// hint's, else the first usable. Arrows move within it: left and right to the button before or
// after, up and down (a grid) to the nearest in the row above or below, Home and End to the ends.
function rove() {
  for (const group of document.querySelectorAll("[data-roving]")) {
    const items = [...group.querySelectorAll("button")];
    const usable = (b) => !b.disabled && attribute(b, "aria-disabled") !== "true";
    const current = items.find((b) => b === document.activeElement) ?? items.find((b) => b === group.roved)
      ?? items.find((b) => b.hasAttribute("data-autofocus")) ?? items.find((b) => b.classList.contains("hinted"))
      ?? items.find(usable) ?? items[0];
    for (const b of items) if (b.tabIndex !== (b === current ? 0 : -1)) b.tabIndex = b === current ? 0 : -1;
  }
}

// The button in the row above or below `item` (the nearest row, then the nearest to its middle).
function vertical(items, item, down) {
  const box = item.getBoundingClientRect(), middle = box.left + box.width / 2;
  let best = null, bestRow = Infinity, bestSide = Infinity;
  for (const other of items) {
    const r = other.getBoundingClientRect(), row = down ? r.top - box.top : box.top - r.top;
    if (row < box.height / 2) continue;
    const side = Math.abs(r.left + r.width / 2 - middle);
    if (row < bestRow - 2 || (Math.abs(row - bestRow) <= 2 && side < bestSide)) [best, bestRow, bestSide] = [other, row, side];
  }
  return best;
}

root.addEventListener("focusin", (event) => {
  const group = event.target.closest("[data-roving]");
  if (!group || event.target.tagName !== "BUTTON") return;
  group.roved = event.target;
  rove();
});
root.addEventListener("keydown", (event) => {
  const { key } = event;
  const item = event.target.closest("[data-roving] button");
  if (!item || event.altKey || event.ctrlKey || event.metaKey) return;
  const group = item.closest("[data-roving]");
  const items = [...group.querySelectorAll("button")], at = items.indexOf(item);
  const grid = group.dataset.roving === "grid";
  const next = key === "ArrowLeft" ? items[at - 1] : key === "ArrowRight" ? items[at + 1]
    : key === "Home" ? items[0] : key === "End" ? items.at(-1)
    : grid && (key === "ArrowUp" || key === "ArrowDown") ? vertical(items, item, key === "ArrowDown") : undefined;
  if (next === undefined) return;
  event.preventDefault();
  next?.focus();
});
document.getElementById("dialog").addEventListener("close", () => {
  if (drawn.dialog) act("dialog", "");  // closed by the player (Escape), not by the app's answer
});
// A new version was installed (web/pwa.js): the app says so.
const updated = () => worker && send({ op: "update-ready" });
addEventListener("five-hundred:update-ready", updated);
// Another tab's writes: the start screen's list changes, a game played on elsewhere stops being
// saved here (the app says so).
addEventListener("storage", (event) => {
  if (!worker || event.storageArea !== storeOf("local") || event.key === PROBE) return;  // probes: none of ours
  send(event.key === null ? { op: "storage", key: null, local: snapshot("local") }
    : { op: "storage", key: event.key, value: event.newValue });
});
// A reload in the middle of a game, or a shared link, opens a game, not the start screen: the
// loading screen shows until the worker draws it. The tab's game is under the site's key prefix
// (app.store.saves.scope and TAB_GAME), or the open prefix of earlier versions (moved in at start).
const folder = location.pathname.slice(0, location.pathname.lastIndexOf("/") + 1) || "/";
const opensGame = () => {
  try {
    return Boolean(location.search || sessionStorage.getItem(`five-hundred@${folder}#tab-game`)
                   || sessionStorage.getItem(`five-hundred@${folder}tab-game`));
  } catch {
    return false;
  }
};
if (opensGame()) {
  document.getElementById("app").hidden = true;
  document.getElementById("loading").hidden = false;
} else {
  body.dataset.start = "usable";
}

startWorker().then(() => {
  if (document.documentElement.hasAttribute("data-update")) updated();
}, (error) => window.fiveHundredFailed?.(String(error?.message ?? error)));  // web/loading.js
