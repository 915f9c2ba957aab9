// A game page: /play/ID (#token=TOKEN for a seat, none to spectate).
// The shell around a game's table: the top bar (seats, whose move, the
// connection, language, undo), the decision panel (the pending decision as
// a sentence, a button for every legal action the table does not offer
// itself) and the log, fed by the game's WebSocket.
import { LANGS, currentLang, has, loadLang, name, t } from "./i18n.js";
import { cardTip, confirmDialog, h, hideTip, s, toast } from "./dom.js";
import { Connection, api } from "./net.js";
import { keepSeat, seatsOf } from "./store.js";

/** The context a table gets (see the brief in docs/web.md). */
export function makeCtx(game, seat, board, act, replay) {
  return {
    game, seat, board, replay, lang: currentLang(),
    t, name: (kind, value) => name(game, kind, value), act, h, s,
    cardTip: (el, number) => cardTip(game, el, number),
  };
}

export function tokenFromHash() {
  const m = location.hash.match(/token=([A-Za-z0-9_-]+)/);
  return m ? m[1] : null;
}

export function sideName(side) {
  return side ? t(`side.${side}`) : "";
}

/** A bot spec (`heuristic`, `ismcts:2`...) as a player reads it. */
export function botLabel(spec) {
  const [kind, arg] = String(spec || "").split(":", 2);
  const named = has(`web.bot.${kind}`) ? t(`web.bot.${kind}`) : kind;
  return arg && /^[0-9.]+$/.test(arg) ? t("web.bot.with_time", { bot: named, n: arg }) : named;
}

/** Who sits at `side`, in words. */
export function seatLabel(state, side, mine) {
  const seat = state.seats[side] || {};
  if (mine) return t("web.seat.you");
  if (seat.kind === "bot") return t("web.seat.bot", { bot: botLabel(seat.bot) });
  return t("web.seat.human");
}

export function langPicker(onChange) {
  const sel = h("select", { class: "lang", "aria-label": t("web.language"), "data-lang-picker": "" },
    Object.entries(LANGS).map(([code, label]) => h("option", { value: code, selected: code === currentLang() }, label)));
  sel.addEventListener("change", () => onChange(sel.value));
  return sel;
}

/** Whether the log panel shows its last line (read before anything around it changes size). */
export function logAtEnd(list) {
  return list.scrollTop + list.clientHeight >= list.scrollHeight - 24;
}

/** The log panel: sentences, the reader's private ones marked. `atEnd`: it
 * showed its last line before this state (then it follows the new ones). */
export function renderLog(list, entries, texts, atEnd = logAtEnd(list)) {
  const items = [];
  for (let i = 0; i < texts.length; i++) {
    const entry = entries[i] || {};
    const privateTo = entry.to && entry.to !== "all";
    items.push(h("li", { class: ["log-line", privateTo && "private", /^--|^——/.test(texts[i]) && "heading"],
      title: privateTo ? t("web.log.private") : undefined }, texts[i]));
  }
  list.replaceChildren(...items);
  if (atEnd) list.scrollTop = list.scrollHeight;
}

export async function mount(root, [gameId]) {
  let token = tokenFromHash();
  if (!token) {
    // Resume: a seat this browser keeps for the game (the one to move first, later).
    const kept = seatsOf(gameId);
    if (kept.length) token = kept[0].token;
  }
  let state = null;
  let table = null;
  let tableModule = null;
  let board = null;
  let busy = false;
  let conn = null;

  const title = h("span", { class: "title" });
  const seatsBox = h("div", { class: "seats" });
  const turnBox = h("div", { class: "turn", "data-turn": "", "aria-live": "polite" });
  const connBox = h("span", { class: "conn", "data-conn": "connecting", title: t("web.conn.connecting") });
  const undoBtn = h("button", { class: "undo", disabled: true, "data-undo": "", onclick: () => undo() }, t("web.undo"));
  const switchBox = h("span", { class: "switch" });
  const topbar = h("header", { class: "topbar" },
    h("a", { class: "brand", href: "/", title: t("web.to_lobby") }, "Brinkmanship"), title, seatsBox, turnBox,
    h("div", { class: "tools" }, switchBox, undoBtn, langPicker(changeLang), connBox));
  const banner = h("div", { class: "banner", hidden: true, role: "alert" });
  const tableRoot = h("div", { class: "table-root" });
  const decision = h("section", { class: "decision", "aria-label": t("web.decision") });
  const logList = h("ol", { class: "log", "aria-label": t("web.log") });
  const side = h("aside", { class: "side" }, decision,
    h("section", { class: "log-box" }, h("h2", {}, t("web.log")), logList));
  const page = h("div", { class: "game-page" }, topbar, banner, h("main", { class: "board" }, tableRoot), side);
  root.replaceChildren(page);

  async function act(action) {
    if (busy || !state) return;
    const warning = state.text && state.text.warnings && state.text.warnings[action];
    if (warning) {
      const ok = await confirmDialog(t("web.confirm.title"), warning, t("web.confirm.yes"), t("web.confirm.no"));
      if (!ok) return;
    }
    busy = true;
    page.classList.add("busy");
    hideTip();
    try {
      await conn.act(action);
    } catch (err) {
      toast(err.message || String(err), "error");
    } finally {
      busy = false;
      page.classList.remove("busy");
    }
  }

  async function undo() {
    if (busy) return;
    busy = true;
    try {
      await conn.undo();
    } catch (err) {
      toast(err.message || String(err), "error");
    } finally {
      busy = false;
    }
  }

  async function buildTable(game) {
    if (!board) board = await api("GET", `/api/board/${game}`);
    if (!tableModule) tableModule = await import(`./${game}.js`);
    if (table) table.destroy();
    tableRoot.replaceChildren();
    table = tableModule.createTable(tableRoot, makeCtx(game, state ? state.seat : null, board, act, false));
  }

  async function changeLang(code) {
    await loadLang(code);
    // The page's own words: rebuild it in the new language.
    cleanupAll();
    root.replaceChildren();
    const again = await mount(root, [gameId]);
    current = again;
  }

  function renderTop() {
    const game = state.game;
    title.textContent = t(`web.game.${game}`);
    document.title = `${t(`web.game.${game}`)} · Brinkmanship`;
    seatsBox.replaceChildren(...Object.keys(state.seats).map((sd) => h("span", {
      class: ["seat", `side-${sd}`, state.to_move === sd && "to-move"], "data-seat": sd,
    }, h("b", {}, sideName(sd)), " ", seatLabel(state, sd, state.seat === sd))));
    let turn;
    if (state.status === "over") turn = t("web.turn.over");
    else if (state.seat && state.to_move === state.seat) turn = t("web.turn.you");
    else if (state.to_move) turn = t("web.turn.waiting", { side: sideName(state.to_move) });
    else turn = "";
    turnBox.textContent = turn;
    turnBox.dataset.turn = state.seat && state.to_move === state.seat ? "mine" : state.status === "over" ? "over" : "theirs";
    undoBtn.disabled = !state.can_undo || busy;
    undoBtn.hidden = !state.seat;
    const others = seatsOf(state.id).filter((k) => k.side !== state.seat);
    switchBox.replaceChildren(...others.map((k) => h("a", {
      class: "button", href: `/play/${state.id}#token=${k.token}`, "data-switch": k.side,
      onclick: (ev) => { ev.preventDefault(); location.hash = `token=${k.token}`; location.reload(); },
    }, t("web.play_as", { side: sideName(k.side) }))));
  }

  function renderDecision() {
    const v = state.view;
    const txt = state.text || {};
    const parts = [];
    if (state.status === "over") {
      parts.push(h("h2", {}, t("web.turn.over")), h("p", { class: "result", "data-result": state.winner || "draw" },
        txt.result || ""));
      parts.push(h("p", {}, h("a", { class: "button", href: `/replay/${state.id}`, "data-replay-link": "" },
        t("web.replay.watch")), " ", h("a", { class: "button", href: "/" }, t("web.to_lobby"))));
      decision.replaceChildren(...parts);
      return;
    }
    const mine = state.seat && state.to_move === state.seat;
    parts.push(h("h2", {}, mine ? t("web.decision.yours") : t("web.turn.waiting", { side: sideName(state.to_move) })));
    if (txt.prompt) parts.push(h("p", { class: "prompt", "data-prompt": "" }, txt.prompt));
    const dec = v.decision || {};
    if (dec.card) {
      const chip = h("span", { class: "card-chip", "data-card": dec.card, tabindex: 0 },
        name(state.game, "card", dec.card));
      cardTip(state.game, chip, dec.card);
      parts.push(h("p", { class: "about" }, t("web.decision.card"), " ", chip));
    }
    const legal = mine ? v.legal_actions || [] : [];
    const own = legal.filter((a) => !(table && table.handles(a)));
    if (legal.length && own.length < legal.length) {
      parts.push(h("p", { class: "hint" }, t("web.decision.on_table", { n: legal.length - own.length })));
    }
    if (own.length) {
      const list = h("div", { class: "actions" });
      for (const a of own) {
        const meaning = (txt.options || {})[a];
        const warn = (txt.warnings || {})[a];
        list.append(h("button", {
          class: ["action", warn && "warned"], "data-action": a, disabled: busy,
          title: warn || meaning || undefined, onclick: () => act(a),
        }, h("span", { class: "label" }, (txt.labels || {})[a] || a), meaning ? h("small", {}, meaning) : null));
      }
      parts.push(list);
    }
    decision.replaceChildren(...parts);
  }

  function onState(msg) {
    const first = state === null;
    state = msg;
    if (first && msg.seat && token) keepSeat({ id: msg.id, game: msg.game, side: msg.seat, token });
    const ready = first ? buildTable(msg.game) : Promise.resolve();
    ready.then(() => {
      if (state !== msg) return;
      // Read before the decision panel above the log changes height.
      const atEnd = logAtEnd(logList);
      renderTop();
      table.update(msg);
      renderDecision();
      renderLog(logList, msg.fullLog, msg.fullText, atEnd);
    }).catch((err) => toast(String(err), "error"));
  }

  function onStatus(status, code) {
    connBox.dataset.conn = status;
    connBox.title = t(`web.conn.${status}`);
    if (status === "lost") {
      banner.hidden = false;
      banner.textContent = t("web.conn.lost");
    } else if (status === "closed" && code) {
      banner.hidden = false;
      banner.textContent = code === 4404 ? t("web.error.no_game") : t("web.error.bad_link");
    } else if (status === "open") {
      banner.hidden = true;
    }
  }

  conn = new Connection(gameId, token, currentLang(), {
    state: onState, status: onStatus, error: (err) => toast(err.message, "error"),
  });
  conn.open();

  function cleanupAll() {
    conn.close();
    if (table) table.destroy();
    hideTip();
  }
  let current = cleanupAll;
  return () => current();
}
