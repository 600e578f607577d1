// Starts the page: Pyodide (served with the site, no CDN) runs main.py, which draws the game.
// Also the client of the bots' worker (worker.js), which main.py starts once the first screen is up.
import { startPython } from "./python.js";

/** The bots' worker: plain text (JSON) in and out, one call at a time in order. */
class BotsWorker {
  #worker = null;
  #calls = new Map();
  #next = 0;

  start() {
    this.#worker ??= new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    this.#worker.onmessage = ({ data: { id, text, error } }) => {
      const call = this.#calls.get(id);
      this.#calls.delete(id);
      if (error === undefined) call.resolve(text); else call.reject(new Error(error));
    };
    this.#worker.onerror = (event) => {
      event.preventDefault();
      for (const call of this.#calls.values()) call.reject(new Error(event.message || "the worker failed"));
      this.#calls.clear();
    };
  }

  call(text) {
    return new Promise((resolve, reject) => {
      const id = this.#next++;
      this.#calls.set(id, { resolve, reject });
      this.#worker.postMessage({ id, text });
    });
  }
}

function progress(text, fraction) {
  document.getElementById("loading-status").textContent = text;
  document.getElementById("loading-bar").value = fraction;
}

/** Start Python and run main.py, which draws the first screen and sets <body data-ready>. */
async function start() {
  progress("Fetching Python…", 0.15);
  const [pyodide, main] = await startPython("./main.py", { fsInit: () => progress("Starting Python…", 0.55) });
  progress("Dealing the cards…", 0.9);
  await pyodide.runPythonAsync(main, { filename: "main.py" });
}

window.fiveHundred = { bots: new BotsWorker() };
start().catch((error) => {  // not awaited at the top level, so DOMContentLoaded does not wait for Python
  progress(`Sorry, the game could not start: ${error.message}`, 0);
  document.body.dataset.ready = "error";
  throw error;
});
