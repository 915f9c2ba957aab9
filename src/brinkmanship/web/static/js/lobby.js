// The lobby (/): create a game (either game, its options with what they
// mean, each seat you, a friend by link or a bot of some strength), my
// games (kept in this browser), running games to watch and finished ones to
// replay.
import { currentLang, loadLang, t } from "./i18n.js";
import { h, toast } from "./dom.js";
import { api } from "./net.js";
import { forgetGame, keepSeat, myGames } from "./store.js";
import { botLabel, langPicker, sideName } from "./game.js";
import { go, show } from "./app.js";

const STRENGTHS = [0.5, 1, 2, 5, 10];

function optionControl(game, key, info) {
  const id = `opt-${game}-${key}`;
  const values = info.values;
  let control;
  if (values.length === 2 && values.every((v) => typeof v === "boolean")) {
    control = h("input", { type: "checkbox", id, "data-option": key, checked: info.default === true });
  } else {
    control = h("select", { id, "data-option": key },
      values.map((v) => h("option", { value: JSON.stringify(v), selected: v === info.default }, String(v))));
  }
  // The option's title in words, its name as the API and the terminal spell it.
  return h("div", { class: "option" }, h("label", { for: id }, control, " ", t(`web.option.${game}.${key}`), " ",
    h("code", {}, key)), h("p", { class: "help" }, info.help));
}

function seatControl(side, info, initial) {
  const kind = h("select", { "data-seat-kind": side, "aria-label": t("web.lobby.seat_of", { side: sideName(side) }) },
    h("option", { value: "me", selected: initial === "me" }, t("web.lobby.seat.me")),
    h("option", { value: "friend" }, t("web.lobby.seat.friend")),
    h("option", { value: "bot", selected: initial === "bot" }, t("web.lobby.seat.bot")));
  const bot = h("select", { "data-seat-bot": side, "aria-label": t("web.lobby.bot") },
    Object.entries(info.bots).map(([b, about]) => h("option", { value: b, selected: b === "heuristic", title: about.help },
      botLabel(b))));
  const maxSeconds = info.limits.max_bot_seconds;
  const strength = h("select", { "data-seat-strength": side, "aria-label": t("web.lobby.strength") },
    STRENGTHS.filter((x) => x <= maxSeconds).map((x) => h("option", { value: String(x), selected: x === 1 },
      t("web.lobby.seconds", { n: x }))));
  const help = h("p", { class: "help" });
  const sync = () => {
    const isBot = kind.value === "bot";
    bot.hidden = !isBot;
    strength.hidden = !(isBot && bot.value === "ismcts");
    help.textContent = isBot ? info.bots[bot.value].help : kind.value === "friend" ? t("web.lobby.friend_help") : "";
  };
  kind.addEventListener("change", sync);
  bot.addEventListener("change", sync);
  sync();
  const spec = () => {
    if (kind.value !== "bot") return "human";
    return bot.value === "ismcts" ? `ismcts:${strength.value}` : bot.value;
  };
  return { el: h("div", { class: ["seat-row", `side-${side}`] }, h("b", {}, sideName(side)), kind, bot, strength, help),
    kind, spec };
}

function createForm(info, onCreated) {
  const box = h("section", { class: "panel create", "aria-labelledby": "create-title" },
    h("h2", { id: "create-title" }, t("web.lobby.new")));
  let game = localStorage.getItem("brink.lastGame") || "twilight";
  const body = h("div");
  const pick = h("div", { class: "game-pick", role: "radiogroup" });
  const draw = () => {
    pick.replaceChildren(...Object.keys(info.games).map((g) => h("button", {
      class: ["game-choice", g === game && "chosen"], role: "radio", "aria-checked": String(g === game),
      "data-game": g, onclick: () => { game = g; localStorage.setItem("brink.lastGame", g); draw(); },
    }, h("b", {}, t(`web.game.${g}`)), h("small", {}, t(`web.game.${g}.about`)))));
    const g = info.games[game];
    const seats = g.players.map((sd, i) => seatControl(sd, info, i === 0 ? "me" : "bot"));
    const options = Object.entries(g.options).map(([k, o]) => optionControl(game, k, o));
    const listed = h("input", { type: "checkbox", id: "listed", checked: true, "data-listed": "" });
    const create = h("button", { class: "primary", "data-create": "" }, t("web.lobby.create"));
    create.addEventListener("click", async () => {
      const opts = {};
      for (const el of body.querySelectorAll("[data-option]")) {
        opts[el.dataset.option] = el.type === "checkbox" ? el.checked : JSON.parse(el.value);
      }
      const seatSpecs = Object.fromEntries(g.players.map((sd, i) => [sd, seats[i].spec()]));
      create.disabled = true;
      try {
        const made = await api("POST", "/api/games", { game, options: opts, seats: seatSpecs, listed: listed.checked });
        const mine = [];
        const friends = [];
        g.players.forEach((sd, i) => {
          const link = made.seats[sd];
          if (!link) return;
          if (seats[i].kind.value === "me") {
            keepSeat({ id: made.id, game, side: sd, token: link.token });
            mine.push(sd);
          } else {
            friends.push([sd, `${location.origin}/play/${made.id}#token=${link.token}`]);
          }
        });
        onCreated(made, mine, friends);
      } catch (err) {
        toast(err.message, "error");
      } finally {
        create.disabled = false;
      }
    });
    body.replaceChildren(
      h("h3", {}, t("web.lobby.seats")), ...seats.map((x) => x.el),
      options.length ? h("details", { class: "options" }, h("summary", {}, t("web.lobby.options")), ...options) : null,
      h("p", {}, h("label", { for: "listed" }, listed, " ", t("web.lobby.listed"))),
      create);
  };
  draw();
  box.append(pick, body);
  return box;
}

function createdPanel(made, mine, friends) {
  const rows = friends.map(([sd, link]) => {
    const input = h("input", { type: "text", readonly: true, value: link, "data-friend-link": sd, class: "link" });
    return h("div", { class: "friend" }, h("b", {}, t("web.lobby.friend_link", { side: sideName(sd) })), input,
      h("button", { "data-copy": sd, onclick: async () => {
        try { await navigator.clipboard.writeText(link); toast(t("web.lobby.copied")); } catch {
          input.select(); toast(t("web.lobby.copy_hint")); }
      } }, t("web.lobby.copy")));
  });
  const first = mine.length ? seatsOfMade(made, mine[0]) : null;
  return h("section", { class: "panel created", "data-created": made.id },
    h("h2", {}, t("web.lobby.created")), ...rows,
    friends.length ? h("p", { class: "help" }, t("web.lobby.link_secret")) : null,
    first ? h("a", { class: "button primary", href: first, "data-open-game": made.id,
      onclick: (ev) => { ev.preventDefault(); go(first); } },
    t("web.lobby.open")) : h("a", { class: "button", href: `/play/${made.id}` }, t("web.lobby.watch")));
}

function seatsOfMade(made, side) {
  return `/play/${made.id}#token=${made.seats[side].token}`;
}

function statusText(g) {
  if (g.status === "over") {
    return g.winner ? t("web.lobby.won", { side: sideName(g.winner) }) : t("web.lobby.ended");
  }
  return t("web.lobby.running", { ply: g.ply });
}

async function myGamesPanel() {
  const kept = myGames();
  const box = h("section", { class: "panel mine", "aria-labelledby": "mine-title" },
    h("h2", { id: "mine-title" }, t("web.lobby.mine")));
  if (!kept.length) {
    box.append(h("p", { class: "help" }, t("web.lobby.mine_none")));
    return box;
  }
  const list = h("ul", { class: "games" });
  await Promise.all(kept.slice(0, 30).map(async (k) => {
    let g = null;
    try {
      g = await api("GET", `/api/games/${k.id}`, undefined, k.token);
    } catch (err) {
      if (err.status === 404) { forgetGame(k.id); return; }
    }
    const mineToMove = g && g.status === "running" && g.to_move === k.side;
    list.append(h("li", { class: ["game-row", mineToMove && "your-move"], "data-my-game": k.id },
      h("b", {}, t(`web.game.${k.game}`)), " ",
      h("span", { class: `side-${k.side}` }, t("web.lobby.as", { side: sideName(k.side) })), " ",
      h("span", { class: "status" }, g ? (mineToMove ? t("web.turn.you") : statusText(g)) : "…"), " ",
      g && g.status === "over"
        ? h("a", { class: "button", href: `/replay/${k.id}`, "data-replay": k.id }, t("web.lobby.replay"))
        : h("a", { class: "button", href: `/play/${k.id}#token=${k.token}`, "data-resume": k.id }, t("web.lobby.resume")),
      h("button", { class: "quiet", title: t("web.lobby.forget"), "aria-label": t("web.lobby.forget"),
        onclick: () => { forgetGame(k.id); show(); } }, "×")));
  }));
  box.append(list);
  return box;
}

async function publicPanel(status) {
  const box = h("section", { class: ["panel", `public-${status}`] },
    h("h2", {}, t(status === "running" ? "web.lobby.watchable" : "web.lobby.finished")));
  let data;
  try {
    data = await api("GET", `/api/games?status=${status}&limit=20`);
  } catch (err) {
    box.append(h("p", { class: "help" }, err.message));
    return box;
  }
  if (!data.games.length) {
    box.append(h("p", { class: "help" }, t("web.lobby.none")));
    return box;
  }
  box.append(h("ul", { class: "games" }, data.games.map((g) => h("li", { class: "game-row", "data-game-id": g.id },
    h("b", {}, t(`web.game.${g.game}`)), " ",
    h("span", {}, Object.entries(g.seats).map(([sd, seat]) =>
      `${sideName(sd)}: ${seat.kind === "bot" ? botLabel(seat.bot) : t("web.seat.human")}`).join(" · ")), " ",
    h("span", { class: "status" }, statusText(g)), " ",
    status === "running"
      ? h("a", { class: "button", href: `/play/${g.id}`, "data-spectate": g.id }, t("web.lobby.watch"))
      : h("a", { class: "button", href: `/replay/${g.id}`, "data-replay": g.id }, t("web.lobby.replay"))))));
  return box;
}

export async function mount(root) {
  document.title = "Brinkmanship";
  const info = await api("GET", `/api/info?lang=${currentLang()}`);
  const created = h("div", { class: "created-slot" });
  const header = h("header", { class: "topbar lobby-top" }, h("a", { class: "brand", href: "/" }, "Brinkmanship"),
    h("span", { class: "tagline" }, t("web.lobby.tagline")),
    h("div", { class: "tools" }, langPicker(async (code) => { await loadLang(code); show(); })));
  const form = createForm(info, (made, mine, friends) => {
    created.replaceChildren(createdPanel(made, mine, friends));
    if (!friends.length && mine.length) go(seatsOfMade(made, mine[0]));
    else created.scrollIntoView({ behavior: "smooth" });
  });
  const columns = h("div", { class: "lobby" }, h("div", { class: "col" }, form, created),
    h("div", { class: "col" }, await myGamesPanel(), await publicPanel("running"), await publicPanel("over")));
  root.replaceChildren(h("div", { class: "lobby-page" }, header, columns,
    h("footer", {}, t("web.lobby.footer", { version: info.version }))));
  return () => {};
}
