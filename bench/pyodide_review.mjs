// The hand review's analysis time in Pyodide (under Node.js): bench/review.py on the wheel the site ships.
// Usage: node bench/pyodide_review.mjs [site-dir] [hands]   (after `python build.py`)
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bootPyodide } from "./pyodide_boot.mjs";

const pyodide = await bootPyodide(process.argv[2]);
const hands = Number(process.argv[3] ?? 20);
const script = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "review.py"), "utf8");
pyodide.runPython(script.replaceAll('if __name__ == "__main__":', "if False:"));
pyodide.globals.set("HANDS", hands);
console.log(pyodide.runPython("main(HANDS)"));
