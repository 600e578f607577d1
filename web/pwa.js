// Registers the service worker (web/sw.js: offline play, install as an app) and
// passes on what it says, so Python can show it whenever it is ready:
//   <html data-offline="ready">      every file is cached: the game works offline
//   <html data-update="VERSION">     a new version took over: reloading shows it
// and the window gets a "five-hundred:update-ready" event (detail: {version}).
if ("serviceWorker" in navigator) {
  const root = document.documentElement;
  navigator.serviceWorker.addEventListener("message", ({ data }) => {
    if (data?.type !== "update-ready" || root.dataset.update === data.version) return;  // told once
    root.dataset.update = data.version;
    dispatchEvent(new CustomEvent("five-hundred:update-ready", { detail: { version: data.version } }));
  });
  navigator.serviceWorker.register("./sw.js").then(
    () => navigator.serviceWorker.ready.then((registration) => {
      root.dataset.offline = "ready";
      registration.active?.postMessage({type: "updated?"});  // an update that took over while this page loaded
    }),
    (error) => console.warn("Offline play is not available:", error),
  );
}
