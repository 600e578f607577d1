// The solver side by side in Pyodide (under Node.js): bench/solver.py --against, in one process,
// this tree's engine and bots (from source) against another revision's bots/solver.
// Usage: node bench/pyodide_solver.mjs REV [deals] [repeat]   (needs node_modules' pyodide and git)
import { execFileSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [rev = "main", deals = "20", repeat = "3"] = process.argv.slice(2);
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "node_modules", "pyodide");
const { loadPyodide } = await import(pathToFileURL(join(dist, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: dist + "/" });
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/repo");
const git = (...args) => execFileSync("git", args, { cwd: root, maxBuffer: 1 << 26 });
pyodide.FS.mkdirTree("/before");
for (const name of git("ls-tree", "--name-only", `${rev}:bots/solver`).toString().split("\n")) {
  if (name.endsWith(".py")) pyodide.FS.writeFile(`/before/${name}`, git("show", `${rev}:bots/solver/${name}`));
}
pyodide.globals.set("ARGS", pyodide.toPy(["bench/solver.py", "--against", "/before", "--deals", deals,
                                           "--repeat", repeat]));
pyodide.runPython(`
import runpy, sys
sys.dont_write_bytecode = True  # the tree is the host's
sys.argv = list(ARGS)
runpy.run_path("/repo/bench/solver.py", run_name="__main__")
`);
