// Direct play on the table (issue 15), on the page's thread: a card the player may play is
// dragged to the middle of the table with the mouse or a finger (pointer events) and played where
// it is dropped; a drop anywhere else puts it back. A tap stays a tap (tap, then Play), and the
// keyboard is unchanged. While a finished trick waits for the player (the "keep the trick"
// setting), a tap on the middle of the table goes on, as its Next trick button does.
import { settle } from "./motion.js";

const START_PX = 8;  // a press that moves less is a tap
const PLAYABLE = ".hand .card.legal, .piles .card.legal";

/** Listen on the app's root; `act(action, value)` sends an action to the worker (page.js). */
export function dragToPlay(root, act) {
  let press = null;  // {card, id, x, y, moved}
  let swallow = false;  // the click that ends a drag is not a tap

  const pace = () => Number(document.querySelector("#arena .arena")?.dataset.pace ?? 0);
  const over = (x, y) => {
    const r = document.querySelector("#arena .center")?.getBoundingClientRect();
    return Boolean(r && x >= r.left && x <= r.right && y >= r.top && y <= r.bottom);
  };
  const end = (event, drop) => {
    if (!press || event.pointerId !== press.id) return;
    const { card, moved } = press;
    press = null;
    if (!moved) return;
    swallow = true;
    card.classList.remove("dragging");
    if (drop && over(event.clientX, event.clientY)) {  // it stays where it was dropped until the answer
      Promise.resolve(act("play-card", card.dataset.value)).then(() => {
        if (card.isConnected && card.style.translate) settle(card, () => { card.style.translate = ""; }, pace());
      });
    } else {
      settle(card, () => { card.style.translate = ""; }, pace());
    }
  };

  root.addEventListener("pointerdown", (event) => {
    swallow = false;
    const card = event.target.closest(PLAYABLE);
    if (!card || event.button !== 0 || press) return;
    press = { card, id: event.pointerId, x: event.clientX, y: event.clientY, moved: false };
  });
  root.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.id) return;
    const dx = event.clientX - press.x, dy = event.clientY - press.y;
    if (!press.moved) {
      if (Math.hypot(dx, dy) < START_PX) return;
      press.moved = true;
      press.card.setPointerCapture(event.pointerId);
      press.card.classList.add("dragging");
    }
    press.card.style.translate = `${dx}px ${dy}px`;
  });
  root.addEventListener("pointerup", (event) => end(event, true));
  root.addEventListener("pointercancel", (event) => end(event, false));
  root.addEventListener("click", (event) => {
    if (swallow) {
      swallow = false;
      event.stopPropagation();
      event.preventDefault();
      return;
    }
    const goOn = document.body.classList.contains("trick-stays") && document.querySelector('#arena [data-action="go-on"]');
    if (goOn && !event.target.closest("button") && event.target.closest("#arena .center")) goOn.click();
  }, true);
}
