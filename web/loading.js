// The loading screen: shown when Deal is pressed before the app's worker is ready, or while a
// reload or a link opens a game (web/page.js), with the progress in the game's words. PyScript
// cannot pass its worker's own progress to the page without SharedArrayBuffer: the bar jumps
// when page.js says PyScript is loaded (a "five-hundred:progress" event) and creeps on meanwhile.
// If Python cannot start (page.js calls fiveHundredFailed, or an error on the page before the
// first screen), or stops answering later (page.js calls it with `later`: a message the worker
// could not answer, or its answer could not be drawn), this screen says so, sets
// <body data-ready="error"> and offers a reload and the raw saved games for download: plain JS,
// which works when Python does not.
const loading = document.getElementById("loading");
const status = document.getElementById("loading-status");
const bar = document.getElementById("loading-bar");
const started = () => document.body.dataset.ready === "true";

// The words for how far the bar is.
const STEPS = [[0.25, "Setting up the table"], [0.7, "Shuffling the cards"], [1, "Dealing"]];
function show() {
  const words = STEPS.find(([upTo]) => bar.value < upTo)[1];
  status.textContent = `${words}… ${Math.round(bar.value * 100)}%`;
}
addEventListener("five-hundred:progress", () => {
  bar.value = Math.max(bar.value, 0.3);
  show();
});
const creeping = setInterval(() => {
  if (document.body.dataset.ready) {
    clearInterval(creeping);
    return;
  }
  bar.value = Math.min(0.95, bar.value + (0.95 - bar.value) * 0.02);
  show();
}, 250);
show();

function rawSaves() {
  const saves = {};
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key.startsWith("five-hundred")) saves[key] = localStorage.getItem(key);
  }
  return saves;
}

function downloadSaves() {
  const blob = new Blob([JSON.stringify(rawSaves(), null, 1)], { type: "application/json" });
  const link = Object.assign(document.createElement("a"),
    { href: URL.createObjectURL(blob), download: "five-hundred-saved-games.json" });
  document.body.append(link);
  link.click();
  link.remove();
}

function button(words, onClick) {
  const b = Object.assign(document.createElement("button"), { type: "button", className: "btn", textContent: words });
  b.addEventListener("click", onClick);
  return b;
}

function fail(why, later = false) {
  if ((started() && !later) || document.body.dataset.ready === "error") return;
  document.body.dataset.ready = "error";
  document.body.dataset.turn = "error";
  const dialog = document.getElementById("dialog");
  if (dialog?.open) dialog.close();
  document.getElementById("app").hidden = true;
  loading.hidden = false;
  bar.hidden = true;
  let saved;
  try {
    saved = Object.keys(rawSaves()).length;
  } catch {
    saved = -1;  // storage disabled: nothing was saved
  }
  status.textContent = later
    ? `Something went wrong on our side: ${why}. Your games are saved in this browser as of the ` +
      "last move shown: reloading the page goes on from there" + (saved > 0 ? ", and you can download them." : ".")
    : `Five Hundred could not start: ${why}. ` + (saved > 0
      ? "Your saved games are safe in this browser: reloading tries again, and you can download them."
      : "Reloading the page tries again.");
  const row = document.createElement("div");
  row.className = "row";
  if (saved > 0) row.append(button("Download your saved games", downloadSaves));
  const reload = button("Reload", () => location.reload());
  row.append(reload);
  status.after(row);
  if (later) reload.focus();  // the table that had the focus is hidden
}
window.fiveHundredFailed = fail;

addEventListener("error", ({ message }) => {
  if (!started()) fail(String(message || "an error").replace(/^Uncaught /, "").split("\n")[0]);
});
addEventListener("unhandledrejection", ({ reason }) => {
  if (!started()) fail(String(reason?.message || reason || "a file could not be loaded").split("\n")[0]);
});
// Said plainly when the start takes long (a first visit downloads the game, about 14 MB).
setTimeout(() => {
  if (document.body.dataset.ready) return;
  const slow = document.createElement("p");
  slow.id = "loading-slow";
  slow.textContent = "This is taking longer than usual: the first visit downloads the whole game " +
    "(about 14 MB). Please wait; next time it starts from this device in a few seconds.";
  loading.append(slow);
}, 10000);
