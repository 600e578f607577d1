// The loading screen's progress: PyScript reports each step of its start as a py:progress
// event (the page's and, once started, the bots' worker's); main.py hides the screen when done.
const status = document.getElementById("loading-status");
const bar = document.getElementById("loading-bar");
addEventListener("py:progress", ({ detail }) => {
  if (document.body.dataset.ready) return;  // the worker's own start, after the first screen
  status.textContent = `${detail}…`;
  bar.value = Math.min(0.95, bar.value + (1 - bar.value) * 0.2);
});
