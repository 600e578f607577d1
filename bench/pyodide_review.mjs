// The hand review's analysis time in Pyodide (under Node.js): bench/review.py on the wheel the site ships.
// Usage: node bench/pyodide_review.mjs [site-dir] [hands]   (after `python build.py`)
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const site = resolve(process.argv[2] ?? "site");
const hands = Number(process.argv[3] ?? 20);
const { loadPyodide } = await import(pathToFileURL(join(site, "pyodide", "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: join(site, "pyodide") + "/" });
const wheel = readdirSync(join(site, "pyodide")).find((f) => /^five_hundred-.*\.whl$/.test(f));
await pyodide.loadPackage(join(site, "pyodide", wheel));
const script = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "review.py"), "utf8");
pyodide.runPython(script.replaceAll('if __name__ == "__main__":', "if False:"));
pyodide.globals.set("HANDS", hands);
console.log(pyodide.runPython("main(HANDS)"));
