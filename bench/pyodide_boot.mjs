// Pyodide under Node.js with the wheel the site ships (after `python build.py`): the boot lines
// bench/pyodide_bots.mjs and bench/pyodide_review.mjs share.
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

// Pyodide from the built site `siteDir` (default site/), the engine and bots' wheel loaded.
export async function bootPyodide(siteDir) {
  const site = resolve(siteDir ?? "site");
  const { loadPyodide } = await import(pathToFileURL(join(site, "pyodide", "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: join(site, "pyodide") + "/" });
  const wheel = readdirSync(join(site, "pyodide")).find((f) => /^five_hundred-.*\.whl$/.test(f));
  await pyodide.loadPackage(join(site, "pyodide", wheel));
  return pyodide;
}
