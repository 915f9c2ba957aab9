// The replay viewer (/replay/ID): a finished game as a spectator saw it,
// step by step (die rolls and shuffles are steps), with the same table as
// play, nothing clickable. Keys: arrows step, Home/End jump, space plays.
import { currentLang, loadLang, t } from "./i18n.js";
import { h, hideTip, s, toast } from "./dom.js";
import { api } from "./net.js";
import { langPicker, makeCtx, renderLog, seatLabel, sideName } from "./game.js";
import { show } from "./app.js";

export async function mount(root, [gameId]) {
  let steps = 0;
  let step = 0;
  let entries = [];
  let texts = [];
  let table = null;
  let timer = null;
  let loading = false;
  let wanted = null;

  const title = h("span", { class: "title" });
  const seatsBox = h("div", { class: "seats" });
  const counter = h("span", { class: "counter", "data-step": "0" });
  const slider = h("input", { type: "range", min: 0, max: 0, value: 0, "aria-label": t("web.replay.step"),
    "data-replay-slider": "" });
  // Icons drawn in SVG: the fonts of a machine may lack the media symbols.
  const ICONS = {
    first: "M5 4h2v16H5zM19 4v16L8 12z", back: "M17 4v16L6 12z", play: "M7 4v16l12-8z",
    pause: "M6 4h4v16H6zM14 4h4v16h-4z", forward: "M7 4v16l11-8z", last: "M17 4h2v16h-2zM5 4v16l11-8z",
  };
  const icon = (key) => s("svg", { viewBox: "0 0 24 24", width: 16, height: 16, "aria-hidden": "true" },
    s("path", { d: ICONS[key], fill: "currentColor" }));
  const btn = (key, fn) => h("button", { "data-replay-control": key, "aria-label": t(`web.replay.${key}`),
    title: t(`web.replay.${key}`), onclick: fn }, icon(key));
  const playBtn = btn("play", () => toggle());
  const controls = h("div", { class: "replay-controls" },
    btn("first", () => goTo(0)), btn("back", () => goTo(step - 1)), playBtn,
    btn("forward", () => goTo(step + 1)), btn("last", () => goTo(steps)), slider, counter);
  const actionBox = h("p", { class: "replay-action", "data-replay-action": "" });
  const tableRoot = h("div", { class: "table-root" });
  const logList = h("ol", { class: "log", "aria-label": t("web.log") });
  const result = h("p", { class: "result" });
  const page = h("div", { class: "game-page replay-page" },
    h("header", { class: "topbar" }, h("a", { class: "brand", href: "/" }, "Brinkmanship"), title, seatsBox,
      h("div", { class: "tools" }, langPicker(async (code) => { await loadLang(code); show(); }))),
    h("div", { class: "replay-bar" }, controls, actionBox),
    h("main", { class: "board" }, tableRoot),
    h("aside", { class: "side" }, h("section", { class: "decision" }, h("h2", {}, t("web.replay.title")), result),
      h("section", { class: "log-box" }, h("h2", {}, t("web.log")), logList)));
  root.replaceChildren(page);

  slider.addEventListener("input", () => goTo(Number(slider.value)));
  const keys = (ev) => {
    if (ev.target.closest("input, select, textarea")) return;
    const moves = { ArrowRight: step + 1, ArrowLeft: step - 1, Home: 0, End: steps };
    if (ev.key in moves) { ev.preventDefault(); goTo(moves[ev.key]); }
    else if (ev.key === " ") { ev.preventDefault(); toggle(); }
  };
  document.addEventListener("keydown", keys);

  function toggle() {
    if (timer) { clearInterval(timer); timer = null; playBtn.replaceChildren(icon("play")); return; }
    playBtn.replaceChildren(icon("pause"));
    timer = setInterval(() => { if (step >= steps) toggle(); else goTo(step + 1); }, 700);
  }

  async function load(n) {
    const data = await api("GET", `/api/games/${gameId}/replay/${n}?have=${entries.length}&lang=${currentLang()}`);
    entries = entries.slice(0, data.log.start).concat(data.log.entries);
    texts = texts.slice(0, data.log.start).concat(data.text.log);
    return data;
  }

  function render(data) {
    steps = data.steps;
    step = data.step;
    slider.max = String(steps);
    slider.value = String(step);
    counter.textContent = t("web.replay.counter", { step, steps });
    counter.dataset.step = String(step);
    // The step is in the address: a reload or a language switch keeps it.
    history.replaceState(null, "", step ? `${location.pathname}?step=${step}` : location.pathname);
    // A secret choice comes without its action, named only in words.
    actionBox.textContent = data.step ? t("web.replay.action", { action: data.text.action || data.action })
      : t("web.replay.start");
    title.textContent = t(`web.game.${data.game}`);
    seatsBox.replaceChildren(...Object.keys(data.seats).map((sd) => h("span", { class: ["seat", `side-${sd}`] },
      h("b", {}, sideName(sd)), " ", seatLabel(data, sd, false))));
    result.textContent = step === steps ? data.text.result || "" : "";
    const state = { ...data, seat: null, status: step === steps ? "over" : "running", ply: step, can_undo: false,
      fullLog: entries, fullText: texts };
    table.update(state);
    renderLog(logList, entries, texts);
  }

  async function goTo(n) {
    n = Math.max(0, Math.min(n, steps));
    if (loading) { wanted = n; return; }
    loading = true;
    try {
      render(await load(n));
    } catch (err) {
      toast(err.message, "error");
    } finally {
      loading = false;
    }
    if (wanted !== null) { const w = wanted; wanted = null; if (w !== step) goTo(w); }
  }

  try {
    const first = await load(0);
    const board = await api("GET", `/api/board/${first.game}`);
    const mod = await import(`./${first.game}.js`);
    table = mod.createTable(tableRoot, makeCtx(first.game, null, board, () => {}, true));
    steps = first.steps;
    const start = Number(new URLSearchParams(location.search).get("step") || 0);
    render(first);
    if (start) goTo(start);
  } catch (err) {
    tableRoot.replaceChildren(h("p", { class: "banner", role: "alert" }, err.message));
  }
  return () => {
    document.removeEventListener("keydown", keys);
    if (timer) clearInterval(timer);
    if (table) table.destroy();
    hideTip();
  };
}
