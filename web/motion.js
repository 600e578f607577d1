// The table's motion (issue 15), on the page's thread: cards travel, the DOM does not wait.
//
// FLIP: before page.js patches the table, note() takes the cards' boxes as they show now; after
// the patch, play() animates each card from where it was to where the DOM now has it. A card new
// in the trick comes from the player's hand (its button's box) or from its seat (data-seat); the
// cards of a trick taken off the table go to the winner's seat as short-lived ghost copies (the
// next trick's lead, drawn with the sweep, travels once they are gone); a new
// hand is dealt from the dealer's seat; the kitty, face down in the middle during the auction,
// goes to the declarer when it ends (to their seat, or into the player's hand) and cards put back
// go to the middle of the table.
//
// The DOM is always exactly what the worker sent: the animations are only the individual
// `translate`, `scale` and `opacity` properties of the cards (which keep their own CSS transform)
// and ghosts in an inert, aria-hidden layer outside the app. Any input finishes them at once
// (finish()), so a click acts on the table as drawn. No travel at pace 0 or under
// prefers-reduced-motion: reduce.
const reduced = matchMedia("(prefers-reduced-motion: reduce)");
const EASE = "cubic-bezier(0.2, 0.7, 0.3, 1)";
const running = new Set();
let layer = null;

/** How long a card travels at the bots' pause `pace` (ms; 0: no travel). */
export function duration(pace) {
  return pace > 0 && !reduced.matches ? Math.min(450, Math.max(120, pace * 0.45)) : 0;
}

const cardText = (el) => (el.dataset.key ?? "").replace(/^(card|trick)-/, "");
const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];

const NOTHING = { cards: new Map(), trick: [], minis: new Map(), hand: 0, reviewing: false, kitty: null };

/** The boxes of the table's cards as they show now (none: the table is not on the screen, and
 * the hand that comes will be dealt). */
export function note() {
  const arena = document.getElementById("arena");
  if (!arena || document.getElementById("table").hidden || !arena.firstElementChild) return NOTHING;
  const cards = new Map();
  for (const el of document.querySelectorAll("#hand .card[data-key], #arena .piles .card[data-key], #arena .trick-card[data-key]")) {
    cards.set(cardText(el), { el, rect: el.getBoundingClientRect() });
  }
  const trick = [...arena.querySelectorAll(".trick-card[data-key]")].map((el) => ({
    text: cardText(el), el, rect: el.getBoundingClientRect(), winner: el.classList.contains("winner"),
  }));
  const minis = new Map([...arena.querySelectorAll(".seat")].map((seat) => [seat, count(seat)]));
  const snap = {
    cards, trick, minis, hand: document.querySelectorAll("#hand .card").length,
    reviewing: Boolean(arena.querySelector(".trick-title.reviewing")),
    kitty: arena.querySelector(".kitty")?.getBoundingClientRect() ?? null,
  };
  cancel();
  return snap;
}

/** Animate from the boxes `snap` noted to the table the DOM now holds. */
export function play(snap, pace) {
  const ms = duration(pace);
  const arena = document.getElementById("arena");
  if (!snap || !ms || !arena || document.getElementById("table").hidden) return;
  if (Boolean(arena.querySelector(".trick-title.reviewing")) !== snap.reviewing) return;  // "Last trick" shown or put away
  const middle = arena.querySelector(".center")?.getBoundingClientRect();
  const kitty = snap.kitty && !arena.querySelector(".kitty") ? snap.kitty : null;  // the auction is over: the kitty goes
  const pile = kitty ?? middle;  // where cards taken up from the kitty come from
  const hand = [...document.querySelectorAll("#hand .card[data-key]")];
  if (hand.length > 2 && snap.hand === 0) return deal(arena, hand, ms);
  const trick = [...arena.querySelectorAll(".trick-card[data-key]")];
  const now = new Set([...trick, ...hand].map(cardText));
  const winner = snap.trick.find((t) => t.winner);
  const to = winner && seatBox(arena, winner.el.dataset.seat);
  const swept = to ? snap.trick.filter((t) => !now.has(t.text)) : [];
  const lead = swept.length ? ms : 0;  // the next trick's lead waits for the sweep: one thing at a time
  if (swept.length) mark("sweep", winner.text, 0);
  const played = new Set();
  const ghosts = [];  // made once every box is read: a ghost added first would lay the page out again
  for (const el of trick) {
    const text = cardText(el);
    const was = snap.cards.get(text);
    if (was && was.el.matches(".trick-card")) slide(el, was.rect, ms);
    else {
      const from = was?.rect ?? seatBox(arena, el.dataset.seat);
      if (from) fly(el, from, ms, lead);
      mark(lead ? "lead" : "play", text, lead);
      played.add(el.dataset.seat);
    }
  }
  for (const t of swept) ghosts.push(() => travel(ghost(t.el, t.rect), to, ms, 0.35));  // the trick swept to its winner
  for (const el of hand) {
    const was = snap.cards.get(cardText(el));
    if (was) slide(el, was.rect, ms);
    else if (pile) fly(el, pile, ms);  // taken up from the kitty (or taken back by an undo)
  }
  for (const [text, was] of snap.cards) {  // put back in the kitty
    if (!now.has(text) && was.el.matches("#hand .card") && middle) ghosts.push(() => travel(ghost(was.el, was.rect), middle, ms, 0.5));
  }
  for (const [seat, before] of snap.minis) {  // a bot takes up the kitty, and puts cards back
    const after = seat.isConnected ? count(seat) : before;
    const fan = seat.querySelector(".mini-hand")?.getBoundingClientRect();
    if (!fan || !middle || after === before) continue;
    const place = [...seat.classList].find((c) => c.startsWith("seat-"))?.slice(5);
    if (after < before && played.has(place)) continue;
    for (let i = 0; i < Math.abs(after - before) && i < 6; i++) {
      ghosts.push(() => travel(ghost(null, after > before ? pile : fan), after > before ? fan : middle, ms, 0.5, i * ms * 0.1));
    }
    if (after > before && kitty) mark("kitty", place, 0);
  }
  if (kitty && hand.some((el) => !snap.cards.has(cardText(el)))) mark("kitty", "south", 0);
  for (const make of ghosts) make();
}

/** A test's record of the card travels scheduled (kind, card, when it starts, in
 * performance.now() ms), kept only while the page has set window.fiveHundredMotion to a list. */
function mark(kind, card, delay) {
  window.fiveHundredMotion?.push({ kind, card, at: performance.now() + delay });
}

/** Finish every running animation at once (the player acts: the table is as drawn). */
export function finish() {
  for (const a of [...running]) a.finish();
  layer?.replaceChildren();
}

document.addEventListener("pointerdown", finish, true);
document.addEventListener("keydown", finish, true);

/** Make a change to a card's element (`change`), then let it travel from where it was. */
export function settle(el, change, pace) {
  const rect = el.getBoundingClientRect();
  change();
  const ms = duration(pace);
  if (ms) slide(el, rect, ms * 0.6);
}

function cancel() {
  for (const a of [...running]) a.cancel();
  layer?.replaceChildren();
}

function count(seat) {
  return parseInt(seat.querySelector(".mini-hand")?.getAttribute("aria-label") ?? "", 10) || 0;
}

/** Where a seat's cards are (its fan of backs, else its box; its piles for 'north-piles'). */
function seatBox(arena, place) {
  if (!place) return null;
  const piles = place.endsWith("-piles") ? arena.querySelector(`.piles-${CSS.escape(place.slice(0, -6))}`) : null;
  const seat = piles ?? arena.querySelector(`.seat-${CSS.escape(place)}`);
  return (seat?.querySelector(".mini-hand") ?? seat)?.getBoundingClientRect() ?? null;
}

function deal(arena, hand, ms) {
  const dealer = arena.querySelector(".seat .chip")?.closest(".seat") ?? arena.querySelector(".center");
  const from = dealer.getBoundingClientRect();
  const step = Math.min(ms * 0.25, (ms * 2.5) / hand.length);
  hand.forEach((el, i) => fly(el, from, ms, i * step));
  for (const fan of arena.querySelectorAll(".seat .mini-hand")) fly(fan, from, ms, ms * 0.4);
}

function track(a) {
  running.add(a);
  const done = () => running.delete(a);
  a.finished.then(done, done);
  return a;
}

/** From `from` to the element's own box: moving, growing from its size there, fading in. */
function fly(el, from, ms, delay = 0) {
  const to = el.getBoundingClientRect();
  if (!to.width) return;
  const [fx, fy] = centre(from), [tx, ty] = centre(to);
  const scale = Math.max(0.3, Math.min(1.6, from.width / to.width));
  track(el.animate([{ translate: `${fx - tx}px ${fy - ty}px`, scale: `${scale}`, opacity: 0.6 },
    { translate: "0px 0px", scale: "1", opacity: 1 }], { duration: ms, delay, easing: EASE, fill: "backwards" }));
}

/** A card that stays but moved (the hand closing up): from its old place to its new one. */
function slide(el, from, ms) {
  const to = el.getBoundingClientRect();
  const [fx, fy] = centre(from), [tx, ty] = centre(to);
  if (Math.abs(fx - tx) < 1 && Math.abs(fy - ty) < 1) return;
  track(el.animate([{ translate: `${fx - tx}px ${fy - ty}px` }, { translate: "0px 0px" }], { duration: ms, easing: EASE }));
}

/** A ghost leaves its box for `to`, shrinking to `scale` and fading; then it is gone. Its box is
 * the one ghost() gave it, not read back: reading it would lay the page out again for each ghost. */
function travel(g, to, ms, scale, delay = 0) {
  const [fx, fy] = g.centre, [tx, ty] = centre(to);
  const a = track(g.animate([{ translate: "0px 0px", scale: "1", opacity: 1 },
    { translate: `${tx - fx}px ${ty - fy}px`, scale: `${scale}`, opacity: 0 }],
  { duration: ms, delay, easing: EASE, fill: "both" }));
  const gone = () => g.remove();
  a.finished.then(gone, gone);
}

/** A copy of a card's face (or, for `el` null, a card back) over the page at `rect`. */
function ghost(el, rect) {
  if (!layer) {
    layer = Object.assign(document.createElement("div"), { className: "motion-layer", inert: true });
    layer.setAttribute("aria-hidden", "true");
    document.body.append(layer);
  }
  const g = document.createElement("div");
  g.className = el ? "motion-ghost" : "motion-ghost back";
  const face = el?.querySelector("svg");
  if (face) g.append(face.cloneNode(true));
  const width = el ? rect.width : Math.min(rect.width, 46);
  const left = rect.left + (rect.width - width) / 2, top = rect.top + (rect.height - width * 1.4) / 2;
  const height = el ? rect.height : width * 1.4;
  Object.assign(g.style, { left: `${left}px`, top: `${top}px`, width: `${width}px`, height: `${height}px` });
  g.centre = [left + width / 2, top + height / 2];
  layer.append(g);
  return g;
}
