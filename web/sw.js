// Five Hundred's service worker: the whole site, cached, for offline play.
//
// It precaches every file of the build (each checked against its SHA-256: a
// half-deployed site fails the install and the version before stays), answers
// from that cache first, and when a new build arrives it installs it (taking
// unchanged files from the old cache), takes over at once, deletes the old
// cache and tells the open pages {type: "update-ready", version}, and any page
// that asks later (web/pwa.js passes that on to the page).
// Saved games live in localStorage, which no update touches.
//
// sitebuild/pwa.py fills in the next line: the build's version and files.
const BUILD = {"version": "dev", "files": {}};

const SCOPE = self.registration.scope;  // the site's folder, wherever it is served from
const PREFIX = `five-hundred ${SCOPE} `;  // caches are per origin: name ours by scope too
const CACHE = PREFIX + BUILD.version;
const INDEX = new URL("index.html", SCOPE).href;

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

async function precache() {
  const cache = await caches.open(CACHE);
  const older = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
  try {
    await Promise.all(Object.entries(BUILD.files).map(async ([path, integrity]) => {
      const url = new URL(path, SCOPE).href;
      await cache.put(url, (await unchanged(older, url, integrity)) ?? (await download(url, integrity)));
    }));
  } catch (error) {
    await caches.delete(CACHE);
    throw error;
  }
}

// The file as the version before cached it, if its content is the same: an update
// downloads only the files that changed.
async function unchanged(older, url, integrity) {
  for (const name of older) {
    const response = await (await caches.open(name)).match(url);
    if (response && (await sha256(response.clone())) === integrity) return response;
  }
  return null;
}

async function download(url, integrity) {
  // past the HTTP cache, and checked against the build's hash
  const response = await fetch(new Request(url, {cache: "no-cache", integrity}));
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

async function sha256(response) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()));
  return "sha256-" + btoa(String.fromCharCode(...digest));
}

// This worker took over from an earlier version; the pages it served itself are of its own.
let updated = false;
const served = new Set();

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const old = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
    await Promise.all(old.map((name) => caches.delete(name)));
    await self.clients.claim();
    if (old.length) {
      updated = true;
      const pages = await self.clients.matchAll({type: "window", includeUncontrolled: true});
      for (const page of pages) page.postMessage({type: "update-ready", version: BUILD.version});
    }
  })());
});

// A page the earlier version served, still loading when this worker took over, is not among the
// pages told above: each page asks once it is ready, and one of the earlier version's hears so.
self.addEventListener("message", (event) => {
  const page = event.source;
  if (event.data?.type === "updated?" && updated && page && !served.has(page.id)) {
    page.postMessage({type: "update-ready", version: BUILD.version});
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method === "GET" && request.url.startsWith(SCOPE)) {
    if (request.mode === "navigate" && event.resultingClientId) served.add(event.resultingClientId);
    event.respondWith(cached(request));
  }
});

async function cached(request) {
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  // the page itself, whatever its query (shared-deal links): index.html
  const key = request.mode === "navigate" && url.href === SCOPE ? INDEX : url.href;
  const cache = await caches.open(CACHE);
  return (await cache.match(key)) || fetch(request);
}
