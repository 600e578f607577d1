// Starting Python, for the page (boot.js) and the bots' worker (worker.js) alike: Pyodide and
// our wheels, all served with the site (pyodide/pyodide-lock.json lists the wheels; no CDN).
import { loadPyodide } from "./pyodide/pyodide.mjs";

const PACKAGES = ["five-hundred", "five-hundred-app"];

/** Pyodide with our packages installed, and the text of a Python file of the site fetched alongside. */
export async function startPython(script, options = {}) {
  const source = fetch(new URL(script, import.meta.url))
    .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`${script}: HTTP ${r.status}`))));
  const pyodide = await loadPyodide({
    indexURL: new URL("./pyodide/", import.meta.url).href, packages: PACKAGES, ...options,
  });
  return [pyodide, await source];
}
