// The client's entry point: loads the language, then shows the page the
// address names: the lobby (/), a game (/play/ID#token=...) or a replay
// (/replay/ID). Pages are modules with `mount(root, params) -> cleanup`.
import { loadLang, preferredLang, t } from "./i18n.js";
import { h } from "./dom.js";

const routes = [
  [/^\/$/, () => import("./lobby.js")],
  [/^\/play\/([A-Za-z0-9_-]{1,32})$/, () => import("./game.js")],
  [/^\/replay\/([A-Za-z0-9_-]{1,32})$/, () => import("./replay.js")],
];

let cleanup = null;

export async function show() {
  const root = document.getElementById("app");
  if (cleanup) { cleanup(); cleanup = null; }
  for (const [pattern, load] of routes) {
    const m = location.pathname.match(pattern);
    if (m) {
      const page = await load();
      root.replaceChildren();
      cleanup = await page.mount(root, m.slice(1));
      return;
    }
  }
  root.replaceChildren(h("main", { class: "notfound" }, h("h1", {}, t("web.notfound")),
    h("a", { href: "/" }, t("web.to_lobby"))));
}

/** Go to an address of the client without reloading the page. */
export function go(path) {
  history.pushState(null, "", path);
  show();
}

window.addEventListener("popstate", show);

async function start() {
  try {
    await loadLang(preferredLang());
  } catch (err) {
    document.getElementById("app").textContent = `The server did not answer (${err}). Reload to try again.`;
    return;
  }
  await show();
}

start();
