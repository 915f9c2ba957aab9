// The 13 Days table: the printed board redrawn from a seat's view.
//
// Top to bottom: what is being decided about a card the player does not
// hold (the opponent's event offered, a stolen card, the Alliances draw, the
// agendas to keep), the round track, plays, prestige track and the Personal
// Letter; the three DEFCON categories side by side, each with its DEFCON
// track (both sides' markers, the zones coloured cool to hot) and its three
// arenas (both sides' cubes, who dominates, the agenda flags); my hand; the
// cube reserves, agendas, Aftermath, deck, discard pile and round effects.
//
// The table offers the actions that have a place on the board (see `plan`):
// cubes placed or removed and arenas targeted are clicked on the arenas,
// DEFCON moves on the tracks, card plays on the cards, the offer and the
// agendas in the panel at the top. The shell's decision panel shows a
// button for every other legal action (done, pass, letter, first, choose).
//
// Everything is drawn from `state.view` (the seat's own view: never the
// opponent's hand) and the printed facts in `ctx.board`; every word comes
// from the catalogs (`web.thirteen.*` in i18n/<lang>/web_thirteen.json).

const SIDES = ["USSR", "US"];
const OPPONENT = { USSR: "US", US: "USSR" };
const CATEGORY_CLASS = { Military: "mil", Political: "pol", "World Opinion": "wo" };
const WO_BONUS = { Television: "television", "United Nations": "un", Alliances: "alliances" };
const CARD_VERBS = new Set(["command", "event", "discard", "aftermath"]);
const ARENA_VERBS = new Set(["place", "remove", "target"]);
const SHIFT_VERBS = new Set(["escalate", "de-escalate"]);

/**
 * Build the 13 Days table in `root`.
 * @param {HTMLElement} root an empty element the table fills
 * @param {object} ctx the shell's context (see docs: game, seat, board, t, name, act, h, s, cardTip, replay)
 * @returns {{update(state: object): void, handles(action: string): boolean, destroy(): void}}
 */
export function createTable(root, ctx) {
  const { h, s, t } = ctx;
  const board = ctx.board;
  const cardByName = new Map(Object.values(board.cards).map((c) => [c.name, c.number]));
  const defcon = board.defcon;
  const limits = board.limits;
  /** agenda name -> what its flag stands on: "track:Military", "arena:Berlin" or "letter" */
  const flagTarget = new Map(board.agendas.map((a) => [a.name,
    a.kind === "track" ? `track:${board.tracks[a.target]}` : a.kind === "arena" ? `arena:${board.arenas[a.target].name}`
      : "letter"]));
  const agendaIndex = new Map(board.agendas.map((a, i) => [a.name, i]));

  let state = null;
  let handled = new Set();

  root.classList.add("td");

  // -- words ----------------------------------------------------------------------------
  const tx = (code, args) => t(`web.thirteen.${code}`, args);
  const side = (sd) => t(`side.${sd}`);
  const cardName = (n) => ctx.name("card", n);
  const arenaName = (a) => ctx.name("arena", a);
  const trackName = (tr) => ctx.name("track", tr);
  const agendaName = (a) => ctx.name("agenda", a);
  const factionName = (f) => (f === "UN" ? tx("faction.UN") : side(f));

  // -- small pieces ---------------------------------------------------------------------
  /** Make `el` act as a button: focusable, Enter/Space, click. */
  function button(el, handler, label) {
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    if (label) el.setAttribute("aria-label", label);
    el.addEventListener("click", (ev) => {
      if (ev.target.closest("button") && ev.target.closest("button") !== el) return;
      handler(ev);
    });
    el.addEventListener("keydown", (ev) => {
      if (ev.target !== el) return;
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); handler(ev); }
    });
    return el;
  }

  function warning(action) {
    const w = state && state.text && state.text.warnings;
    return (w && w[action]) || null;
  }

  function label(action) {
    const l = state && state.text && state.text.labels;
    return (l && l[action]) || action;
  }

  /** A button that submits a legal action. */
  function actionButton(action, text, extra = {}) {
    const warn = warning(action);
    return h("button", {
      ...extra, class: ["td-act", extra.class, warn && "td-warned"], "data-action": action,
      title: warn || label(action), onclick: () => ctx.act(action),
    }, warn ? h("span", { class: "td-warn-mark", "aria-hidden": "true" }, "☢") : null, text);
  }

  /** `n` filled pips out of `max`. */
  function pips(n, max, cls) {
    const out = [];
    for (let i = 0; i < max; i++) out.push(h("i", { class: i < n ? "on" : null }));
    return h("span", { class: ["td-pips", cls], "aria-hidden": "true" }, out);
  }

  /** A side's agenda flag: a pennant in its colour (ringed when it is the kept agenda). */
  function flag(sd, agenda, kept) {
    const what = kept ? tx("flag.kept", { who: side(sd), agenda: agendaName(agenda) })
      : tx("flag", { who: side(sd), agenda: agendaName(agenda) });
    return h("span", { class: ["td-flag", `side-${sd}`, kept && "kept"], title: what, "data-flag": sd },
      s("svg", { viewBox: "0 0 14 18", width: 14, height: 18, "aria-hidden": "true" },
        s("line", { x1: 2, y1: 1, x2: 2, y2: 17, class: "pole" }),
        s("path", { d: "M2.5 1.5 L13 5.5 L2.5 9.5 Z", class: "cloth" })),
      h("span", { class: "td-sr" }, what));
  }

  /** The flags of both sides' agendas that stand on `target` ("arena:Berlin"...). */
  function flagsOn(v, target) {
    const out = [];
    for (const sd of SIDES) {
      const ag = v.agendas[sd];
      let keptShown = false;
      for (const a of ag.flags) {
        if (flagTarget.get(a) !== target) continue;
        const kept = !keptShown && ag.kept === a;
        if (kept) keptShown = true;
        out.push(flag(sd, a, kept));
      }
    }
    return out.length ? h("span", { class: "td-flags" }, out) : null;
  }

  function symbolMark() {
    const wedge = (a) => {
      const r = (deg) => (deg * Math.PI) / 180;
      const [x1, y1] = [10 + 8 * Math.cos(r(a - 30)), 10 + 8 * Math.sin(r(a - 30))];
      const [x2, y2] = [10 + 8 * Math.cos(r(a + 30)), 10 + 8 * Math.sin(r(a + 30))];
      return s("path", { d: `M10 10 L${x1.toFixed(2)} ${y1.toFixed(2)} A8 8 0 0 1 ${x2.toFixed(2)} ${y2.toFixed(2)} Z` });
    };
    return h("span", { class: "td-symbol", title: tx("symbol") },
      s("svg", { viewBox: "0 0 20 20", width: 18, height: 18, "aria-hidden": "true" },
        s("circle", { cx: 10, cy: 10, r: 9.3, class: "disc" }), wedge(-90), wedge(30), wedge(150),
        s("circle", { cx: 10, cy: 10, r: 1.8, class: "hub" })),
      h("span", { class: "td-sr" }, tx("symbol")));
  }

  /** Whose event a card is, for the player holding it. */
  function eventOwner(n) {
    const fac = board.cards[n].faction;
    const me = ctx.seat;
    if (fac === "UN") return tx("event.un");
    if (!me) return tx("event.of", { who: side(fac) });
    if (fac === me) return tx("event.yours");
    return tx("event.theirs", { who: side(fac) });
  }

  /**
   * A strategy card: faction colour, command value, DEFCON symbol, name,
   * whose event, optionally its text, and buttons for `actions`.
   */
  function cardFace(n, { actions = [], text = false, big = false } = {}) {
    const c = board.cards[n];
    const el = h("div", {
      class: ["td-card", `fac-${c.faction}`, big && "big", actions.length && "playable"], "data-card": n,
      tabindex: 0, "aria-label": `${cardName(n)}: ${factionName(c.faction)}, ${tx("command_value", { n: c.command })}`,
    },
    h("div", { class: "td-card-top" },
      h("span", { class: "td-cmd", title: tx("command_value", { n: c.command }) }, String(c.command)),
      h("span", { class: "td-card-name" }, cardName(n)),
      c.symbol ? symbolMark() : null),
    h("div", { class: "td-card-fac" }, h("b", {}, factionName(c.faction)), h("span", {}, eventOwner(n))),
    text ? h("div", { class: "td-card-text" }, t(`thirteen.text.${n}`)) : null,
    actions.length ? h("div", { class: "td-card-acts" }, actions.map((a) => actionButton(a, verbLabel(a, n)))) : null);
    ctx.cardTip(el, n);
    return el;
  }

  /** The short word on a card's button for an action on it. */
  function verbLabel(action, n) {
    const verb = action.split(" ", 1)[0];
    if (verb === "command") return tx("do.command", { n: board.cards[n].command });
    return tx(`do.${verb}`);
  }

  function chip(n) {
    const el = h("span", { class: ["td-chip", `fac-${board.cards[n].faction}`], "data-card": n, tabindex: 0 }, cardName(n));
    ctx.cardTip(el, n);
    return el;
  }

  // -- what the table offers ------------------------------------------------------------
  /**
   * Sort the legal actions of my decision by where they are offered on the
   * table: arenas, DEFCON cells, cards in hand, the spotlight (a card I do
   * not hold, the offer, the agendas). Actions left out go to the shell's panel.
   */
  function plan(st) {
    const out = { arena: new Map(), cell: new Map(), card: new Map(), spot: [], agenda: [], letter: null };
    const v = st && st.view;
    if (!v || ctx.replay || !st.seat || st.to_move !== st.seat || !v.decision) return out;
    const dec = v.decision;
    const hand = new Set(v.hand || []);
    const add = (map, key, a) => {
      if (!map.has(key)) map.set(key, []);
      map.get(key).push(a);
    };
    const cellOf = new Map();
    for (const a of v.legal_actions || []) {
      const sp = a.indexOf(" ");
      const verb = sp < 0 ? a : a.slice(0, sp);
      const arg = sp < 0 ? "" : a.slice(sp + 1);
      if (ARENA_VERBS.has(verb) && board.arenas.some((x) => x.name === arg)) add(out.arena, arg, a);
      else if (SHIFT_VERBS.has(verb) && dec.kind === "shift") {
        const m = arg.match(/^(.*) (\d+)$/);
        if (!m || !board.tracks.includes(m[1])) continue;
        const from = v.defcon[dec.side][m[1]];
        const to = from + (verb === "escalate" ? 1 : -1) * Number(m[2]);
        const key = `${dec.side}|${m[1]}|${to}`;
        if (cellOf.has(key)) cellOf.set(key, null); // two moves to one cell: leave both to the panel
        else cellOf.set(key, a);
      } else if (CARD_VERBS.has(verb) && cardByName.has(arg)) {
        const n = cardByName.get(arg);
        if (hand.has(n)) add(out.card, n, a);
        else if (n === dec.card || (v.looking_at || []).includes(arg)) out.spot.push(a);
      } else if (verb === "accept" || verb === "decline") {
        if (dec.kind === "offer") out.spot.push(a);
      } else if (verb === "letter") {
        out.letter = a;
      } else if (verb === "agenda" && agendaIndex.has(arg)) {
        out.agenda.push(a);
      }
    }
    for (const [key, a] of cellOf) {
      if (a) out.cell.set(key, a);
    }
    return out;
  }

  // -- the spotlight: what is decided about a card not in my hand ------------------------
  function renderSpotlight(v, p) {
    const dec = v.decision;
    const me = ctx.seat;
    if (!dec) return null;
    const mine = dec.player === me && !ctx.replay;
    if (dec.kind === "offer" && dec.card) {
      const title = mine ? tx("offer.title", { who: side(dec.by), card: cardName(dec.card) })
        : tx("offer.waiting", { who: side(dec.player), card: cardName(dec.card) });
      const buttons = p.spot.filter((a) => a === "accept" || a === "decline");
      return h("section", { class: ["td-spot", "td-offer", mine && "mine"], "data-offer": dec.card, "aria-live": "polite" },
        h("h3", {}, title),
        h("div", { class: "td-spot-body" },
          cardFace(dec.card, { text: true, big: true }),
          h("div", { class: "td-spot-side" },
            h("p", {}, mine ? tx("offer.explain", { who: side(dec.by) }) : tx("offer.explain_waiting", { who: side(dec.player) })),
            buttons.length ? h("div", { class: "td-offer-buttons" },
              buttons.includes("accept") ? actionButton("accept", tx("offer.accept"), { class: "primary big" }) : null,
              buttons.includes("decline") ? actionButton("decline", tx("offer.decline"), { class: "big" }) : null) : null)));
    }
    if ((dec.kind === "stolen" || dec.kind === "alliances") && dec.card) {
      const acts = p.spot;
      return h("section", { class: ["td-spot", mine && "mine"] },
        h("h3", {}, tx(`spot.${dec.kind}`, { who: side(dec.player), card: cardName(cardByName.get("Intelligence Reports")),
          arena: arenaName("Alliances") })),
        h("div", { class: "td-spot-body" }, cardFace(dec.card, { text: true, big: true, actions: acts })));
    }
    if (dec.kind === "agenda" && mine && p.agenda.length) {
      return h("section", { class: ["td-spot", "td-agendas-pick", "mine"] },
        h("h3", {}, tx("agenda.pick")),
        h("div", { class: "td-agenda-cards" }, p.agenda.map((a) => agendaCard(a.slice("agenda ".length), a))));
    }
    const looking = (v.looking_at || []).map((nm) => cardByName.get(nm)).filter(Boolean);
    if (looking.length) {
      return h("section", { class: "td-spot" }, h("h3", {}, tx("spot.looking")),
        h("div", { class: "td-spot-body" }, looking.map((n) => cardFace(n, { text: true }))));
    }
    if (dec.card && ["cubes", "shift", "ask", "command", "summit"].includes(dec.kind)) {
      return h("section", { class: "td-spot td-playing" },
        h("span", { class: "td-playing-what" }, tx(dec.kind === "command" && !dec.granted ? "spot.command" : "spot.event",
          { who: side(dec.player) })), " ", chip(dec.card), commandProgress(dec));
    }
    return null;
  }

  /** "2 of 3 cubes placed in Berlin: Military +1 when the Command ends". */
  function commandProgress(dec) {
    if (dec.kind !== "command" || !dec.arena || !dec.moved) return null;
    const total = dec.moved + dec.cubes;
    const code = dec.mode === "remove" ? "progress.remove" : "progress.place";
    const track = board.arenas.find((x) => x.name === dec.arena).track;
    const shift = dec.moved >= 2 && (dec.mode === "place" || dec.lowers) ? dec.moved - 1 : 0;
    return h("span", { class: "td-progress" }, " ", tx(code, { n: dec.moved, total, arena: arenaName(dec.arena) }),
      shift ? h("span", { class: "td-progress-defcon" }, " ", tx(dec.mode === "remove" ? "progress.down" : "progress.up",
        { track: trackName(track), n: shift })) : null);
  }

  /** One agenda I may keep: its target, its text, and the button that keeps it. */
  function agendaCard(agenda, action) {
    const i = agendaIndex.get(agenda);
    return h("div", { class: "td-agenda", "data-agenda": agenda },
      h("div", { class: "td-agenda-name" }, flag(ctx.seat, agenda, false), " ", agendaName(agenda)),
      h("div", { class: "td-agenda-text", title: action ? undefined : t(`thirteen.text.agenda.${i}`) },
        t(`thirteen.text.agenda.${i}`)),
      action ? actionButton(action, tx("do.agenda"), { class: "primary" }) : null);
  }

  // -- status: round, plays, prestige, the Personal Letter ---------------------------------
  function renderStatus(v, p) {
    const rounds = [];
    // A game that ends in nuclear war ends in its round; otherwise after round 3, in the Aftermath.
    const after = v.over && v.result !== "nuclear_war";
    for (let r = 1; r <= limits.rounds; r++) {
      rounds.push(h("span", { class: ["td-round", r === v.round && !after && "on", (r < v.round || after) && "past"] },
        String(r)));
    }
    rounds.push(h("span", { class: ["td-round", "td-round-after", after && "on"] }, tx("aftermath")));
    const roundBox = h("div", { class: "td-box td-roundbox", title: tx("round_of", { n: v.round, max: limits.rounds }) },
      h("span", { class: "td-label" }, tx("round")), h("div", { class: "td-rounds" }, rounds));

    const playsBox = h("div", { class: "td-box td-playsbox" }, h("span", { class: "td-label" }, tx("plays")),
      SIDES.map((sd) => h("div", {
        class: ["td-playrow", `side-${sd}`, v.current_player === sd && "to-move"],
        title: tx("plays_of", { who: side(sd), n: v.plays[sd], max: limits.plays_per_round }),
      }, h("b", {}, side(sd)), pips(v.plays[sd], limits.plays_per_round, "td-playpips"),
      h("span", { class: "td-sr" }, tx("plays_of", { who: side(sd), n: v.plays[sd], max: limits.plays_per_round })))));

    const lead = limits.max_lead;
    const cells = [];
    for (let k = -lead; k <= lead; k++) {
      const on = v.prestige === k;
      cells.push(h("span", { class: ["td-pcell", k < 0 ? "side-USSR" : k > 0 ? "side-US" : "even", on && "on"] },
        on ? h("span", { class: "td-pmarker", "aria-hidden": "true" }) : null, String(Math.abs(k))));
    }
    const reading = v.prestige === 0 ? tx("prestige.even")
      : tx("prestige.lead", { who: side(v.prestige > 0 ? "US" : "USSR"), n: Math.abs(v.prestige) });
    const prestigeBox = h("div", { class: "td-box td-prestigebox", "data-prestige": v.prestige },
      h("span", { class: "td-label" }, tx("prestige"), ": ", h("b", { class: "td-preading" }, reading)),
      h("div", { class: "td-ptrack", role: "img", "aria-label": `${tx("prestige")}: ${reading}` },
        h("span", { class: "td-pend side-USSR" }, side("USSR")), cells, h("span", { class: "td-pend side-US" }, side("US"))));

    const holder = v.personal_letter;
    const letterBox = h("div", { class: ["td-box", "td-letter", holder && `side-${holder}`], "data-letter": holder || "" },
      h("span", { class: "td-envelope", "aria-hidden": "true" },
        s("svg", { viewBox: "0 0 30 20", width: 30, height: 20 },
          s("rect", { x: 1, y: 1, width: 28, height: 18, rx: 2 }), s("path", { d: "M1 2 L15 12 L29 2" }))),
      h("div", {}, h("span", { class: "td-label" }, tx("letter")),
        h("b", { class: "td-letter-holder" }, holder ? tx("letter.held", { who: side(holder) }) : "—")),
      flagsOn(v, "letter"),
      p.letter ? actionButton(p.letter, tx("do.letter"), { class: "primary" }) : null);

    const alerts = [];
    for (const sd of SIDES) {
      const danger = warDanger(v, sd);
      if (danger) alerts.push(h("div", { class: ["td-alert", `side-${sd}`], role: "status", "data-war": sd }, "☢ ", danger));
    }
    return h("div", { class: "td-status" }, roundBox, playsBox, prestigeBox, letterBox,
      alerts.length ? h("div", { class: "td-alerts" }, alerts) : null);
  }

  /** Would `sd` trigger nuclear war if the round ended now (with the push of my own kept track agenda)? */
  function warDanger(v, sd) {
    if (v.over) return null;
    const marks = board.tracks.map((tr) => v.defcon[sd][tr]);
    const war = (m) => Math.max(...m) >= defcon.zone1_from || Math.min(...m) >= defcon.zone2_from;
    if (war(marks)) return tx("alert.now", { who: side(sd) });
    const me = v.viewer;
    const kept = me && v.agendas[me] && v.agendas[me].kept;
    const target = kept && flagTarget.get(kept);
    const opened = SIDES.some((x) => x !== me && v.agendas[x].kept && v.agendas[x].kept !== "hidden");
    if (target && target.startsWith("track:") && !opened) {
      const tr = target.slice(6);
      const i = board.tracks.indexOf(tr);
      const top = (v.options || {}).agenda_push === "saito" ? defcon.zone1_from - 2
        : (v.options || {}).agenda_push === "none" ? -1 : defcon.zone1_from - 1;
      const pushed = marks.map((m, k) => (k === i && m >= defcon.zone2_from && m <= top ? m + 1 : m));
      if (war(pushed)) return tx("alert.push", { who: side(sd), agenda: agendaName(kept) });
    }
    return null;
  }

  // -- the board: three categories, each a DEFCON track and three arenas --------------------
  function renderBoard(v, p) {
    return h("div", { class: "td-board" }, board.tracks.map((tr) => h("section", {
      class: ["td-cat", `td-cat-${CATEGORY_CLASS[tr] || "x"}`], "data-track": tr, "aria-label": trackName(tr),
    },
    h("header", { class: "td-cat-head" }, h("h3", {}, trackName(tr)), flagsOn(v, `track:${tr}`)),
    defconTrack(v, p, tr),
    h("div", { class: "td-arenas" }, board.arenas.filter((a) => a.track === tr).map((a) => arenaTile(v, p, a.name))))),
    h("p", { class: "td-legend" }, tx("legend")));
  }

  /** One DEFCON track: positions 1-8 in their zones, a row for each side's marker. */
  function defconTrack(v, p, tr) {
    const n = defcon.max - defcon.min + 1;
    const lw = 46;
    const cw = 34;
    const rh = 30;
    const top = 16;
    const W = lw + n * cw + 2;
    const H = top + 2 * rh + 2;
    const zoneOf = (pos) => (pos >= defcon.zone1_from ? 1 : pos >= defcon.zone2_from ? 2 : 3);
    const parts = [];
    const spans = [[defcon.min, defcon.zone2_from - 1, 3], [defcon.zone2_from, defcon.zone1_from - 1, 2],
      [defcon.zone1_from, defcon.max, 1]];
    for (const [a, b, z] of spans) {
      const x = lw + (a - defcon.min) * cw;
      const w = (b - a + 1) * cw;
      parts.push(s("rect", { x: x + 1, y: 1, width: w - 2, height: top - 3, rx: 3, class: `zonebar z${z}` }),
        s("text", { x: x + w / 2, y: top - 5, class: "zonelabel", "text-anchor": "middle" }, tx("zone", { n: z })));
    }
    const dec = v.decision;
    const ghost = ghostOf(v, tr);
    SIDES.forEach((sd, row) => {
      const y = top + row * rh;
      const pos = v.defcon[sd][tr];
      parts.push(s("text", { x: lw - 6, y: y + rh / 2 + 4, class: `sidelabel side-${sd}`, "text-anchor": "end" }, side(sd)));
      for (let q = defcon.min; q <= defcon.max; q++) {
        const x = lw + (q - defcon.min) * cw;
        parts.push(s("rect", { x: x + 1, y: y + 1, width: cw - 2, height: rh - 2, rx: 3, class: `cell z${zoneOf(q)}` }),
          s("text", { x: x + cw / 2, y: y + rh / 2 + 4, class: "cellno", "text-anchor": "middle" }, String(q)));
      }
      if (ghost && ghost.side === sd && ghost.to !== pos) {
        const gx = lw + (ghost.to - defcon.min) * cw + cw / 2;
        parts.push(s("circle", { cx: gx, cy: y + rh / 2, r: 11, class: `ghost side-${sd}` },
          s("title", {}, ghost.title)));
      }
      const mx = lw + (pos - defcon.min) * cw + cw / 2;
      parts.push(s("g", { class: `marker side-${sd}`, "data-marker": `${sd}|${tr}`, "data-pos": pos },
        s("title", {}, tx("marker", { who: side(sd), track: trackName(tr), n: pos, zone: zoneOf(pos) })),
        s("circle", { cx: mx, cy: y + rh / 2, r: 11.5 }),
        s("text", { x: mx, y: y + rh / 2 + 4.5, "text-anchor": "middle" }, String(pos))));
      if (dec && dec.kind === "shift" && dec.side === sd) {
        for (let q = defcon.min; q <= defcon.max; q++) {
          const a = p.cell.get(`${sd}|${tr}|${q}`);
          if (!a) continue;
          const x = lw + (q - defcon.min) * cw;
          const delta = q - pos;
          const warn = warning(a);
          const g = s("g", { class: ["target", warn && "td-warned"].filter(Boolean).join(" "), "data-action": a },
            s("title", {}, warn || label(a)),
            s("rect", { x: x + 2, y: y + 2, width: cw - 4, height: rh - 4, rx: 4 }),
            s("text", { x: x + cw / 2, y: y + rh / 2 + 4, "text-anchor": "middle" }, delta > 0 ? `+${delta}` : `−${-delta}`));
          button(g, () => ctx.act(a), warn ? `${label(a)}: ${warn}` : label(a));
          parts.push(g);
        }
      }
    });
    return h("div", { class: "td-defcon" },
      s("svg", { viewBox: `0 0 ${W} ${H}`, class: "td-defcon-svg", role: "group",
        "aria-label": tx("track_label", { track: trackName(tr) }) }, parts));
  }

  /**
   * Where the Command in progress (or an event's cubes with the DEFCON
   * symbol) will move a marker on `tr` once it ends: k cubes placed in (or
   * removed from) one arena move the marker of its track k-1 steps.
   */
  function ghostOf(v, tr) {
    const dec = v.decision;
    if (!dec) return null;
    const arenaTrack = (a) => board.arenas.find((x) => x.name === a).track;
    let who;
    let steps = 0;
    if (dec.kind === "command" && dec.arena && dec.moved >= 2 && arenaTrack(dec.arena) === tr) {
      if (dec.mode === "remove" && !dec.lowers) return null;
      who = dec.player;
      steps = (dec.mode === "remove" ? -1 : 1) * (dec.moved - 1);
    } else if (dec.kind === "cubes" && dec.symbol && dec.moved) {
      if (dec.mode === "remove" && !dec.lowers) return null;
      who = dec.side;
      for (const [a, k] of Object.entries(dec.moved)) {
        if (k >= 2 && arenaTrack(a) === tr) steps += (dec.mode === "remove" ? -1 : 1) * (k - 1);
      }
    }
    if (!steps) return null;
    const from = v.defcon[who][tr];
    const to = Math.max(defcon.min, Math.min(defcon.max, from + steps));
    return { side: who, to, title: tx(dec.kind === "command" ? "ghost" : "ghost.event", { who: side(who), n: to }) };
  }

  /** One arena: both sides' cubes, who dominates, the flags, and what I may do there. */
  function arenaTile(v, p, a) {
    const su = (v.cubes.USSR || {})[a] || 0;
    const us = (v.cubes.US || {})[a] || 0;
    const dom = su > us ? "USSR" : us > su ? "US" : null;
    const acts = p.arena.get(a) || [];
    const dec = v.decision;
    const active = dec && (dec.arena === a) && (dec.kind === "command" || dec.kind === "cubes");
    const domText = dom ? tx("dominates", { who: side(dom) }) : su ? tx("tied") : tx("empty");
    const rows = SIDES.map((sd) => {
      const n = sd === "USSR" ? su : us;
      return h("div", { class: ["td-cuberow", `side-${sd}`], "data-cubes": sd, "data-n": n },
        h("span", { class: "td-cubeside" }, side(sd)), pips(n, limits.arena_max, "td-cubes"),
        h("b", { class: "td-cuben" }, String(n)),
        dom === sd ? h("span", { class: "td-dom", title: domText }, tx("dominates_short")) : null);
    });
    const bonus = WO_BONUS[a];
    const one = acts.length === 1 ? acts[0] : null;
    const warn = one && warning(one);
    const tile = h("div", {
      class: ["td-arena", dom && `dom-${dom}`, acts.length && "legal", active && "active", warn && "td-warned"],
      "data-arena": a, "data-dominant": dom || "", "data-action": one || undefined,
      title: one ? warn || label(one) : undefined,
    },
    h("div", { class: "td-arena-head" }, h("span", { class: "td-arena-name" }, arenaName(a)),
      !dom && su ? h("span", { class: "td-tied" }, tx("tied_short")) : null, flagsOn(v, `arena:${a}`)),
    rows,
    h("span", { class: "td-sr" }, domText),
    bonus ? h("div", { class: "td-bonus" }, tx(`bonus.${bonus}`)) : null,
    one ? h("div", { class: "td-chooser" }, h("span", { class: "td-hint", "aria-hidden": "true" }, warn ? "☢ " : "",
      arenaVerb(one))) : null,
    acts.length > 1 ? h("div", { class: "td-chooser" }, acts.map((x) => actionButton(x, arenaVerb(x)))) : null);
    const what = `${arenaName(a)}: ${side("USSR")} ${su}, ${side("US")} ${us}; ${domText}`;
    button(tile, () => {
      if (one) ctx.act(one);
      else if (acts.length) tile.querySelector("button[data-action]").focus();
    }, one ? `${what}. ${label(one)}${warn ? `: ${warn}` : ""}` : what);
    if (!acts.length) tile.setAttribute("aria-disabled", "true");
    return tile;
  }

  /** The short word for an action on an arena: place (whose cube), remove, target. */
  function arenaVerb(action) {
    const verb = action.split(" ", 1)[0];
    const dec = state.view.decision || {};
    const whose = dec.kind === "cubes" && dec.side && dec.side !== dec.player ? dec.side : null;
    if (verb === "target") return tx("do.target");
    return whose ? tx(`do.${verb}_side`, { who: side(whose) }) : tx(`do.${verb}`);
  }

  // -- my hand --------------------------------------------------------------------------
  function renderHand(v, p) {
    const me = v.viewer && SIDES.includes(v.viewer) ? v.viewer : null;
    const sizes = v.hand_sizes || {};
    if (!me) {
      return h("section", { class: "td-hand spectator" }, h("h3", {}, tx("hands")),
        h("div", { class: "td-hand-counts" }, SIDES.map((sd) => h("span", { class: "td-opp-hand" },
          backs(sizes[sd] || 0, sd), " ", tx("hand.count", { who: side(sd), n: sizes[sd] || 0 })))));
    }
    const opp = OPPONENT[me];
    const hand = [...(v.hand || [])];
    if (v.over && !hand.length) return null;
    return h("section", { class: ["td-hand", `side-${me}`], "aria-label": tx("hand.mine") },
      h("div", { class: "td-hand-head" },
        h("h3", {}, tx("hand.mine"), " ", h("span", { class: "td-count" }, String(hand.length))),
        h("span", { class: "td-opp-hand", title: tx("hand.count", { who: side(opp), n: sizes[opp] || 0 }) },
          backs(sizes[opp] || 0, opp), " ", tx("hand.count", { who: side(opp), n: sizes[opp] || 0 }))),
      hand.length ? h("div", { class: "td-cards" }, hand.map((n) => cardFace(n, { actions: p.card.get(n) || [], text: true })))
        : h("p", { class: "td-empty" }, tx("hand.empty")));
  }

  function backs(n, sd) {
    const out = [];
    for (let i = 0; i < Math.min(n, 6); i++) out.push(h("i", { class: `side-${sd}` }));
    return h("span", { class: "td-backs", "aria-hidden": "true" }, out);
  }

  // -- the rest: reserves, agendas, Aftermath, piles, effects ----------------------------------
  function renderInfo(v) {
    const me = v.viewer && SIDES.includes(v.viewer) ? v.viewer : null;
    const sideBoxes = SIDES.map((sd) => {
      const ag = v.agendas[sd];
      let kept;
      if (!ag.flags.length) kept = tx("agenda.none");
      else if (ag.kept === null) kept = tx("agenda.not_chosen");
      else if (ag.kept === "hidden") kept = tx("agenda.hidden");
      else kept = agendaName(ag.kept);
      return h("div", { class: ["td-box", "td-sidebox", `side-${sd}`], "data-side": sd },
        h("h4", {}, side(sd), sd === me ? h("span", { class: "td-you" }, tx("you")) : null),
        h("div", { class: "td-reserve", title: tx("reserve", { n: v.reserve[sd] }) },
          h("i", { class: `td-cube side-${sd}`, "aria-hidden": "true" }), tx("reserve", { n: v.reserve[sd] })),
        h("div", {}, tx("hand.count", { who: side(sd), n: (v.hand_sizes || {})[sd] || 0 })),
        h("div", { class: "td-flaglist" }, h("span", { class: "td-label" }, tx("flags")),
          ag.flags.length ? ag.flags.map((a) => h("span", { class: "td-flagname" }, flag(sd, a, false), agendaName(a)))
            : h("span", { class: "td-muted" }, "—")),
        h("div", { class: "td-kept", "data-kept": sd }, h("span", { class: "td-label" }, tx("kept")), h("b", {}, kept)));
    });
    const parts = [...sideBoxes];
    if (me) {
      const kept = v.agendas[me].kept;
      if (kept && kept !== "hidden" && agendaIndex.has(kept)) {
        parts.push(h("div", { class: "td-box td-mykept" }, h("h4", {}, tx("agenda.mine")), agendaCard(kept, null)));
      }
    }
    parts.push(aftermathBox(v, me), pilesBox(v));
    const fx = effectsBox(v);
    if (fx) parts.push(fx);
    return h("div", { class: "td-info" }, parts);
  }

  function aftermathBox(v, me) {
    const after = v.aftermath || {};
    const body = [];
    if (after.revealed) {
      const totals = { USSR: 0, US: 0 };
      const list = after.revealed.map(([, nm]) => cardByName.get(nm)).filter(Boolean);
      for (const n of list) {
        const c = board.cards[n];
        if (c.faction in totals) totals[c.faction] += c.command;
      }
      body.push(h("div", {}, tx("aftermath.revealed", { ussr: totals.USSR, us: totals.US })),
        h("div", { class: "td-chips" }, list.map(chip)));
    } else {
      body.push(h("div", { "data-aftermath": after.size || 0 }, tx("aftermath.size", { n: after.size || 0 })));
      const own = (after.own || []).map((nm) => cardByName.get(nm)).filter(Boolean);
      if (me && own.length) body.push(h("div", { class: "td-chips" }, h("span", { class: "td-label" }, tx("aftermath.own")), own.map(chip)));
    }
    return h("div", { class: "td-box td-aftermath" }, h("h4", {}, tx("aftermath")), body,
      h("p", { class: "td-muted" }, tx("aftermath.rule")));
  }

  function pilesBox(v) {
    const discard = v.discard || [];
    return h("div", { class: "td-box td-piles" }, h("h4", {}, tx("cards")),
      h("div", { "data-deck": v.deck_size }, tx("deck", { n: v.deck_size })),
      h("details", { class: "td-discard" }, h("summary", {}, tx("discard", { n: discard.length })),
        discard.length ? h("div", { class: "td-chips" }, discard.map(chip)) : h("span", { class: "td-muted" }, tx("discard.empty"))));
  }

  function effectsBox(v) {
    const fx = Object.entries(v.effects || {});
    if (!fx.length) return null;
    return h("div", { class: "td-box td-effects" }, h("h4", {}, tx("effects")),
      fx.map(([nm, sides]) => {
        const n = cardByName.get(nm);
        const code = { SOPs: "sops", "To the Brink": "brink", Containment: "containment", "Bay of Pigs": "bay_of_pigs" }[nm] || "other";
        return h("div", { class: "td-effect", "data-effect": nm }, n ? chip(n) : nm, " ",
          tx(`effect.${code}`, { who: sides.map(side).join(", ") }));
      }));
  }

  // -- update ---------------------------------------------------------------------------
  /** The attribute that names the focused element, to focus its successor after a redraw. */
  function focusKey() {
    const el = document.activeElement;
    if (!el || !root.contains(el)) return null;
    for (const attr of ["data-action", "data-arena", "data-card", "data-agenda"]) {
      if (el.hasAttribute(attr)) return [attr, el.getAttribute(attr)];
    }
    return null;
  }

  function render() {
    const v = state.view;
    const p = plan(state);
    const key = focusKey();
    root.classList.toggle("td-my-move", Boolean(state.seat && state.to_move === state.seat && !ctx.replay));
    root.replaceChildren(h("div", { class: "td-table" },
      renderSpotlight(v, p), renderStatus(v, p), renderBoard(v, p), renderHand(v, p), renderInfo(v)));
    // What the table offers is what it drew: the panel shows a button for anything else.
    handled = new Set([...root.querySelectorAll("[data-action]")].map((el) => el.getAttribute("data-action")));
    if (key) {
      // Keyboard players keep their place: the same element, else the first thing to do on the table.
      const again = [...root.querySelectorAll(`[${key[0]}]`)].find((el) => el.getAttribute(key[0]) === key[1])
        || root.querySelector("[data-action]");
      if (again) again.focus({ preventScroll: true });
    }
  }

  return {
    update(st) {
      state = st;
      if (!st || !st.view) return;
      render();
    },
    handles(action) {
      return handled.has(action);
    },
    destroy() {
      root.replaceChildren();
      root.classList.remove("td", "td-my-move");
      state = null;
      handled = new Set();
    },
  };
}
