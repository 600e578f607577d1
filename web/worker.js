// The bots' thread: Pyodide in a module worker running worker.py, which never touches a DOM.
// Messages in: {id, text}; out: {id, text} or {id, error}. Text is JSON (see app/bots.py).
import { startPython } from "./python.js";

const handle = startPython("./worker.py").then(([pyodide, source]) => {
  pyodide.runPython(source, { filename: "worker.py" });
  return pyodide.globals.get("handle");
});

onmessage = async ({ data: { id, text } }) => {
  try {
    postMessage({ id, text: (await handle)(text) });
  } catch (error) {
    postMessage({ id, error: String(error?.message ?? error) });
  }
};
