// The loading screen's progress: PyScript reports each step of its start as a py:progress
// event (the page's and, once started, the bots' worker's); main.py hides the screen when done.
const status = document.getElementById("loading-status");
const bar = document.getElementById("loading-bar");
// PyScript's steps ("Loading Pyodide", "Loaded Packages Graph", ...) said in the game's words.
const STEPS = [[/pyodide|interpreter/i, "Setting up the table"], [/package|wheel/i, "Shuffling the cards"],
               [/./, "Dealing"]];
addEventListener("py:progress", ({ detail }) => {
  if (document.body.dataset.ready) return;  // the worker's own start, after the first screen
  bar.value = Math.min(0.95, bar.value + (1 - bar.value) * 0.2);
  const words = STEPS.find(([pattern]) => pattern.test(String(detail)))[1];
  status.textContent = `${words}… ${Math.round(bar.value * 100)}%`;
});
// Said plainly when the start takes long (a first visit downloads the game, about 14 MB).
setTimeout(() => {
  if (document.body.dataset.ready) return;
  const slow = document.createElement("p");
  slow.id = "loading-slow";
  slow.textContent = "This is taking longer than usual: the first visit downloads the whole game " +
    "(about 14 MB). Please wait; next time it starts from this device in a few seconds.";
  document.getElementById("loading").append(slow);
}, 10000);
