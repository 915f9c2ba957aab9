// The Twilight Struggle table: the world map (SVG), the tracks, the cards.
//
// `createTable(root, ctx)` builds the table once and redraws its changing
// parts from each state the shell passes to `update(state)` (see the brief
// in docs/web.md: `state.view` is the engine's view of this seat). The table
// offers two kinds of legal actions itself:
//  - map actions (`place`, `coup`, `realign`, `remove`, `target` + a
//    country): the legal countries light up; a country with one legal action
//    carries it in `data-action`, one with several opens a small chooser;
//  - plays of a card from my hand (`headline`, `event`, `ops`, `space`,
//    `discard`) in the decisions where a card of the hand is played: each
//    playable card shows a button per play.
// Everything else (order of event and ops, event questions, `pass`, `done`)
// is the decision panel's. Every word comes from the catalogs (`ctx.t`,
// `ctx.name`); nothing here holds a card the seat may not know: the view is
// all the table reads.
import { MAP } from "./twilight_map.js";

const BOX_W = MAP.box[0];
const BOX_H = MAP.box[1];
const BAND_H = 30;
const COUNTRY_VERBS = new Set(["place", "coup", "realign", "remove", "target"]);
const HAND_VERBS = ["headline", "event", "ops", "space", "discard"];
// Decisions in which a card of the hand is played (or discarded for an effect).
const HAND_KINDS = new Set(["action", "headline", "eagle"]);
const CHINA = 6;
const TURNS = 10;
// Links longer than this (viewBox units) cross the map: drawn dashed.
const FAR = 215;
const ZOOM_KEY = "brink.twilight.zoom";

/** `["coup", "Iran"]` from `"coup Iran"`. */
function split(action) {
  const i = action.indexOf(" ");
  return i < 0 ? [action, ""] : [action.slice(0, i), action.slice(i + 1)];
}

/** The colour key of a country: its subregion in Europe and Asia, else its region. */
function zoneOf(c) {
  if (c.region === "Europe") {
    if (c.subregions.length > 1) return "weee";
    return c.subregions[0] === "Eastern Europe" ? "ee" : "we";
  }
  if (c.region === "Asia") return c.subregions.includes("Southeast Asia") ? "sea" : "as";
  return { "Middle East": "me", Africa: "af", "Central America": "ca", "South America": "sa" }[c.region];
}

/** A name split in two balanced lines at a space, slash or hyphen (one
 * line when it has none). */
function wrapName(text) {
  const words = text.split(/(?<=[\s/-])/);
  if (words.length === 1) return [text];
  let best = null;
  for (let k = 1; k < words.length; k++) {
    const a = words.slice(0, k).join("").trim();
    const b = words.slice(k).join("").trim();
    const worst = Math.max(a.length, b.length);
    if (!best || worst < best[0]) best = [worst, a, b];
  }
  return [best[1], best[2]];
}

function periodOfTurn(turn) {
  return turn <= 3 ? "Early" : turn <= 7 ? "Mid" : "Late";
}

function actionRounds(turn) {
  return turn <= 3 ? 6 : 7;
}

/** The newest die roll of the log worth showing: a coup, a realignment, a
 * Space Race attempt or a war; null when the log holds none. */
export function lastRoll(entries) {
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    const a = e.args || {};
    switch (e.code) {
      case "twilight.coup.success":
      case "twilight.coup.fails": {
        let side = a.side;
        let free = false;
        for (let j = i - 1; j >= 0 && j >= i - 6; j--) {
          const d = entries[j];
          if (d.code === "twilight.coup.declared" || d.code === "twilight.coup.declared_free") {
            side = side || d.args.side;
            free = d.code === "twilight.coup.declared_free";
            break;
          }
        }
        return { kind: "coup", index: i, side, free, country: a.country, roll: a.roll, ops: a.ops,
          defense: a.defense, total: a.total, success: e.code === "twilight.coup.success",
          opp: a.opp, removed: a.n || 0, gained: a.n2 || 0 };
      }
      case "twilight.realign.won":
      case "twilight.realign.tied": {
        const die = (m) => {
          const x = (m && m.args) || {};
          return { side: x.side, roll: x.roll, total: x.total === undefined ? x.roll : x.total,
            countries: x.countries || [], more: x.more || 0, home: x.home || 0, contra: x.contra || 0,
            effect: x.effect };
        };
        return { kind: "realign", index: i, country: a.country, dice: [die(a.realigner), die(a.defender)],
          loser: e.code === "twilight.realign.won" ? a.loser : null, removed: a.n || 0 };
      }
      case "twilight.space.success":
      case "twilight.space.fails": {
        let best = null;
        for (let j = i - 1; j >= 0 && j >= i - 4; j--) {
          if (entries[j].code === "twilight.play.space") { best = entries[j].args.best; break; }
        }
        return { kind: "space", index: i, side: a.side, roll: a.roll, best, success: e.code === "twilight.space.success",
          box: a.box };
      }
      case "twilight.war.won":
      case "twilight.war.lost": {
        // A lost war's entry does not name the country: its attack does.
        let country = a.country;
        let win = null;
        for (let j = i - 1; j >= 0 && j >= i - 6; j--) {
          if (entries[j].code === "twilight.war.attack") {
            country = country || entries[j].args.country;
            win = entries[j].args.win;
            break;
          }
        }
        return { kind: "war", index: i, side: a.side, card: a.card, country, win, roll: a.roll,
          penalty: a.penalty || 0, total: a.total, success: e.code === "twilight.war.won" };
      }
      default:
    }
  }
  return null;
}

const PIPS = {
  1: [[15, 15]], 2: [[8, 8], [22, 22]], 3: [[8, 8], [15, 15], [22, 22]],
  4: [[8, 8], [22, 8], [8, 22], [22, 22]], 5: [[8, 8], [22, 8], [15, 15], [8, 22], [22, 22]],
  6: [[8, 8], [22, 8], [8, 15], [22, 15], [8, 22], [22, 22]],
};

export function createTable(root, ctx) {
  const { t, h, s } = ctx;
  const board = ctx.board;
  const facts = new Map(board.countries.map((c) => [c.name, c]));
  const cardByName = new Map(Object.values(board.cards).map((c) => [c.name, c.number]));
  const side = (sd) => t(`side.${sd}`);
  const cardName = (n) => ctx.name("card", n);
  const countryName = (n) => ctx.name("country", n);

  let state = null;
  let view = null;
  let legal = [];
  let mine = false;
  let rollShown = null;
  let chooserFor = null;

  // -- the frame ---------------------------------------------------------------------------
  const statusBar = h("section", { class: "tw-status", "aria-label": t("web.twilight.status") });
  const svg = s("svg", { class: "tw-map", viewBox: MAP.viewBox.join(" "), role: "group",
    "aria-label": t("web.twilight.map"), preserveAspectRatio: "xMidYMid meet" });
  const chooser = h("div", { class: "tw-chooser", hidden: true, role: "dialog" });
  const zoomBtn = h("button", { class: "tw-zoom quiet", type: "button", "data-zoom": "fit",
    title: t("web.twilight.zoom"), "aria-label": t("web.twilight.zoom"), onclick: () => toggleZoom() }, "⤢");
  const mapScroll = h("div", { class: "tw-map-scroll" }, svg);
  const mapWrap = h("div", { class: "tw-map-wrap" }, mapScroll, chooser, zoomBtn);
  const handBox = h("section", { class: "tw-hand-box", "aria-label": t("web.twilight.hand") });
  const infoBox = h("section", { class: "tw-info", "aria-label": t("web.twilight.info") });
  const rollBox = h("section", { class: "tw-roll", "aria-label": t("web.twilight.roll.title"), "aria-live": "polite",
    hidden: true });
  const table = h("div", { class: "tw-table" }, statusBar, mapWrap,
    h("div", { class: "tw-lower" }, handBox, h("div", { class: "tw-side-col" }, rollBox, infoBox)));
  root.append(table);

  // The map at its full size (one pixel per unit: the names at 14px), wider
  // than the screen and scrolled, or fitted to the width; the choice is kept.
  function setZoom(zoomed) {
    mapWrap.classList.toggle("zoomed", zoomed);
    zoomBtn.dataset.zoom = zoomed ? "zoomed" : "fit";
    zoomBtn.setAttribute("aria-pressed", zoomed ? "true" : "false");
    try { localStorage.setItem(ZOOM_KEY, zoomed ? "1" : ""); } catch { /* private mode */ }
  }
  function toggleZoom() {
    closeChooser();
    setZoom(!mapWrap.classList.contains("zoomed"));
  }
  let keptZoom = false;
  try { keptZoom = localStorage.getItem(ZOOM_KEY) === "1"; } catch { /* private mode */ }
  setZoom(keptZoom);

  // -- the map, drawn once -------------------------------------------------------------------
  const countryEls = new Map();
  const centre = (name) => {
    const [x, y] = MAP.countries[name];
    return [x + BOX_W / 2, y + BOX_H / 2];
  };

  function drawMap() {
    const [vx, vy, vw, vh] = MAP.viewBox;
    const defs = s("defs", {},
      gradient("tw-weee", "var(--tw-we)", "var(--tw-ee)"),
      gradient("tw-weee-dark", "var(--tw-we-dark)", "var(--tw-ee-dark)"),
      s("filter", { id: "tw-glow", x: "-30%", y: "-30%", width: "160%", height: "160%" },
        s("feGaussianBlur", { in: "SourceAlpha", stdDeviation: "5", result: "b" }),
        s("feFlood", { "flood-color": "#ffc400" }),
        s("feComposite", { in2: "b", operator: "in" }),
        s("feMerge", {}, s("feMergeNode", {}), s("feMergeNode", { in: "SourceGraphic" }))));
    svg.append(defs, s("rect", { class: "tw-sea", x: vx, y: vy, width: vw, height: vh, rx: 14 }));

    // Region areas: a padded rectangle behind each box, merged per colour.
    const zones = new Map();
    for (const c of board.countries) {
      const [x, y] = MAP.countries[c.name];
      const keys = zoneOf(c) === "weee" ? ["we", "ee"] : [zoneOf(c)];
      for (const k of keys) {
        if (!zones.has(k)) zones.set(k, s("g", { class: `tw-zone z-${k}` }));
        zones.get(k).append(s("rect", { x: x - 13, y: y - 13, width: BOX_W + 26, height: BOX_H + 26, rx: 16 }));
      }
    }
    for (const k of ["ca", "sa", "af", "me", "we", "ee", "as", "sea"]) if (zones.has(k)) svg.append(zones.get(k));
    const labels = s("g", { class: "tw-region-labels", "aria-hidden": "true" });
    for (const [region, [x, y, lines, max]] of Object.entries(MAP.labels)) {
      const sub = board.subregions.includes(region);
      const text = ctx.name("region", region);
      const cut = text.indexOf(" ");
      const parts = lines > 1 && cut > 0 ? [text.slice(0, cut), text.slice(cut + 1)] : [text];
      const el = s("text", { class: ["tw-region-label", sub && "sub"], "data-region": region });
      parts.forEach((part, k) => el.append(s("tspan", { x, y: y + k * (sub ? 17 : 22), "data-max": max }, part)));
      labels.append(el);
    }
    svg.append(labels);

    // Links between neighbours (each pair once), and to the superpowers.
    const links = s("g", { class: "tw-links", "aria-hidden": "true" });
    for (const c of board.countries) {
      for (const n of c.neighbours) {
        if (n < c.name || !MAP.countries[n]) continue;
        const [x1, y1] = centre(c.name);
        const [x2, y2] = centre(n);
        const far = Math.hypot(x2 - x1, y2 - y1) > FAR;
        links.append(s("line", { x1, y1, x2, y2, class: ["tw-link", far && "far"] }));
      }
    }
    for (const [sp, [x, y, w, hh]] of Object.entries(MAP.superpowers)) {
      const cx = x + w / 2;
      const cy = y + hh / 2;
      for (const c of board.countries) {
        if (c.superpower !== sp || MAP.stubs.some((st) => st.country === c.name)) continue;
        const [x2, y2] = centre(c.name);
        links.append(s("line", { x1: cx, y1: cy, x2, y2, class: `tw-link super side-${sp}` }));
      }
    }
    for (const st of MAP.stubs) {
      const [x1, y1] = centre(st.country);
      const [x2, y2] = st.to;
      links.append(s("line", { x1, y1, x2, y2, class: `tw-link super far side-${st.superpower}` }));
    }
    svg.append(links);
    for (const st of MAP.stubs) {
      const [x2, y2] = st.to;
      svg.append(s("text", { x: x2 - 4, y: y2 - 8, class: `tw-stub-label side-${st.superpower}`, "text-anchor": "end" },
        side(st.superpower)));
    }

    // The superpowers.
    for (const [sp, [x, y, w, hh]] of Object.entries(MAP.superpowers)) {
      svg.append(s("g", { class: `tw-super side-${sp}`, "data-superpower": sp, transform: `translate(${x},${y})` },
        s("rect", { width: w, height: hh, rx: 8 }),
        s("text", { x: w / 2, y: hh / 2 + 7, "text-anchor": "middle" }, side(sp))));
    }

    // The countries.
    const group = s("g", { class: "tw-countries" });
    for (const c of board.countries) {
      const el = countryBox(c);
      countryEls.set(c.name, el);
      group.append(el.g);
    }
    svg.append(group);
    svg.append(legend());
    svg.append(rollMark);
  }

  function gradient(id, a, b) {
    return s("linearGradient", { id, x1: "0", x2: "1", y1: "0", y2: "0" },
      s("stop", { offset: "0.5", "stop-color": a }), s("stop", { offset: "0.5", "stop-color": b }));
  }

  function countryBox(c) {
    const [x, y] = MAP.countries[c.name];
    const zone = zoneOf(c);
    const label = countryName(c.name);
    const name = s("text", { class: "tw-name", x: BOX_W / 2, "text-anchor": "middle" },
      s("tspan", { x: BOX_W / 2, y: 20 }, label));
    const infUS = s("text", { class: "tw-inf-n side-US", x: 19, y: BOX_H - 10, "text-anchor": "middle" });
    const infUSSR = s("text", { class: "tw-inf-n side-USSR", x: BOX_W - 19, y: BOX_H - 10, "text-anchor": "middle" });
    const g = s("g", {
      class: ["tw-country", `r-${zone}`, c.battleground && "bg"], "data-country": c.name, tabindex: 0, role: "button",
      transform: `translate(${x},${y})`,
    },
    s("title", { class: "tw-tip" }, label),
    s("rect", { class: "tw-glow", x: -4, y: -4, width: BOX_W + 8, height: BOX_H + 8, rx: 8 }),
    s("rect", { class: "tw-frame", width: BOX_W, height: BOX_H, rx: 5 }),
    s("path", { class: "tw-band", d: `M0,${BAND_H} V5 Q0,0 5,0 H${BOX_W - 5} Q${BOX_W},0 ${BOX_W},5 V${BAND_H} Z` }),
    name,
    s("rect", { class: "tw-inf side-US", x: 5, y: BAND_H + 4, width: 28, height: BOX_H - BAND_H - 8, rx: 3 }),
    infUS,
    s("rect", { class: "tw-stab-box", x: BOX_W / 2 - 11, y: BAND_H + 6, width: 22, height: 22, rx: 4 }),
    s("text", { class: "tw-stab", x: BOX_W / 2, y: BAND_H + 22, "text-anchor": "middle" }, String(c.stability)),
    s("rect", { class: "tw-inf side-USSR", x: BOX_W - 33, y: BAND_H + 4, width: 28, height: BOX_H - BAND_H - 8, rx: 3 }),
    infUSSR,
    s("rect", { class: "tw-dim", width: BOX_W, height: BOX_H, rx: 5 }));
    const open = (ev) => countryClicked(c.name, ev);
    g.addEventListener("click", open);
    g.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); open(ev); }
    });
    return { g, name, infUS, infUSSR, label };
  }

  /** Make every name fit its box: a long name goes on two lines, a line still
   * too wide is squeezed (measured once the map is in the page; estimated
   * when it is not displayed yet). */
  function fitNames() {
    const room = BOX_W - 8;
    const width = (el, size) => el.getComputedTextLength() || el.textContent.length * size * 0.6;
    const squeeze = (el, size, max) => {
      if (width(el, size) > max) {
        el.setAttribute("textLength", max);
        el.setAttribute("lengthAdjust", "spacingAndGlyphs");
      }
    };
    for (const el of countryEls.values()) {
      const text = el.name;
      const first = text.firstChild;
      if (width(first, 14.5) <= room) continue;
      const lines = wrapName(el.label);
      if (lines.length === 1) {
        text.classList.add("long");
        squeeze(first, 12.5, room);
        continue;
      }
      text.classList.add("two");
      text.replaceChildren(...lines.map((line, k) => s("tspan", { x: BOX_W / 2, y: 13 + k * 13 }, line)));
      for (const tspan of text.children) squeeze(tspan, 12.5, room);
    }
    for (const tspan of svg.querySelectorAll(".tw-region-label tspan, .tw-legend > text")) {
      squeeze(tspan, 13, Number(tspan.dataset.max));
    }
  }

  /** What the boxes and colours mean. */
  function legend() {
    const [x, y, w, hh] = MAP.legend;
    const g = s("g", { class: "tw-legend", transform: `translate(${x},${y})`, "aria-hidden": "true" },
      s("rect", { class: "tw-legend-bg", width: w, height: hh, rx: 8 }));
    // A sample box: US influence, stability, USSR influence.
    g.append(s("g", { class: "tw-country tw-sample r-we has-US has-USSR", transform: "translate(10,10)" },
      s("rect", { class: "tw-frame", width: 64, height: 30, rx: 4 }),
      s("rect", { class: "tw-inf side-US", x: 3, y: 3, width: 18, height: 24, rx: 2 }),
      s("text", { class: "tw-inf-n side-US", x: 12, y: 22, "text-anchor": "middle" }, "2"),
      s("rect", { class: "tw-stab-box", x: 24, y: 6, width: 16, height: 18, rx: 3 }),
      s("text", { class: "tw-stab", x: 32, y: 20, "text-anchor": "middle" }, "3"),
      s("rect", { class: "tw-inf side-USSR", x: 43, y: 3, width: 18, height: 24, rx: 2 }),
      s("text", { class: "tw-inf-n side-USSR", x: 52, y: 22, "text-anchor": "middle" }, "1")));
    const rows = [
      [s("text", { x: 82, y: 15, class: "small" }, t("web.twilight.legend.left", { side: side("US") })),
        s("text", { x: 82, y: 28, class: "small" }, t("web.twilight.legend.middle")),
        s("text", { x: 82, y: 41, class: "small" }, t("web.twilight.legend.right", { side: side("USSR") }))],
      [s("rect", { x: 10, y: 48, width: 30, height: 16, rx: 3, class: "tw-legend-bg-band" }),
        s("text", { x: 48, y: 61 }, t("web.twilight.legend.battleground"))],
      [s("rect", { x: 10, y: 72, width: 30, height: 16, rx: 3, class: "tw-legend-us" }),
        s("text", { x: 48, y: 85 }, t("web.twilight.legend.control", { side: side("US") }))],
      [s("rect", { x: 10, y: 96, width: 30, height: 16, rx: 3, class: "tw-legend-ussr" }),
        s("text", { x: 48, y: 109 }, t("web.twilight.legend.control", { side: side("USSR") }))],
      [s("rect", { x: 10, y: 120, width: 30, height: 16, rx: 3, class: "tw-legend-we" }),
        s("text", { x: 48, y: 133 }, ctx.name("region", "Western Europe"))],
      [s("rect", { x: 10, y: 144, width: 30, height: 16, rx: 3, class: "tw-legend-ee" }),
        s("text", { x: 48, y: 157 }, ctx.name("region", "Eastern Europe"))],
      [s("rect", { x: 10, y: 168, width: 30, height: 16, rx: 3, class: "tw-legend-sea" }),
        s("text", { x: 48, y: 181 }, ctx.name("region", "Southeast Asia"))],
      [s("rect", { x: 11, y: 193, width: 28, height: 14, rx: 3, class: "tw-legend-changed" }),
        s("text", { x: 48, y: 205 }, t(ctx.seat ? "web.twilight.legend.changed" : "web.twilight.legend.changed_last"))],
    ];
    for (const row of rows) g.append(...row);
    for (const text of g.querySelectorAll(":scope > text")) text.setAttribute("data-max", String(w - Number(text.getAttribute("x")) - 6));
    return g;
  }

  const rollMark = s("g", { class: "tw-roll-mark", "aria-hidden": "true", visibility: "hidden" },
    s("rect", { x: 0, y: 0, width: 26, height: 26, rx: 5 }), s("text", { x: 13, y: 19, "text-anchor": "middle" }));

  drawMap();
  fitNames();

  // -- map decisions ---------------------------------------------------------------------------
  /** country -> its legal map actions, for the seat to move. */
  function mapActions() {
    const out = new Map();
    if (!mine || ctx.replay) return out;
    for (const a of legal) {
      const [verb, arg] = split(a);
      if (COUNTRY_VERBS.has(verb) && facts.has(arg)) {
        if (!out.has(arg)) out.set(arg, []);
        out.get(arg).push(a);
      }
    }
    return out;
  }

  function countryClicked(name, ev) {
    const acts = mapActions().get(name) || [];
    if (!acts.length) return;
    if (acts.length === 1) {
      closeChooser();
      ctx.act(acts[0]);
      return;
    }
    openChooser(name, acts, ev);
  }

  function verbLabel(action) {
    const [verb] = split(action);
    return t(`web.twilight.verb.${verb}`);
  }

  function openChooser(name, acts, ev) {
    chooserFor = name;
    const warnings = (state.text && state.text.warnings) || {};
    const meanings = (state.text && state.text.options) || {};
    chooser.replaceChildren(
      h("div", { class: "tw-chooser-title" }, countryName(name)),
      ...acts.map((a) => h("button", {
        type: "button", class: ["tw-choice", warnings[a] && "warned"], "data-action": a,
        title: warnings[a] || undefined, onclick: () => { closeChooser(); ctx.act(a); },
      }, h("span", {}, warnings[a] ? "⚠ " : "", verbLabel(a)),
      meanings[a] ? h("small", {}, meanings[a]) : null)),
      h("button", { type: "button", class: "tw-choice quiet", "data-close": "", onclick: () => closeChooser(true) },
        t("web.twilight.cancel")));
    chooser.setAttribute("aria-label", countryName(name));
    chooser.hidden = false;
    placeChooser();
    if (ev && ev.type === "keydown") chooser.querySelector("button").focus();
  }

  /** Put the chooser next to its country (again when the map scrolls). */
  function placeChooser() {
    if (chooser.hidden || !chooserFor) return;
    const r = countryEls.get(chooserFor).g.getBoundingClientRect();
    const w = mapWrap.getBoundingClientRect();
    const cw = chooser.offsetWidth;
    const ch = chooser.offsetHeight;
    let left = r.left - w.left + r.width / 2 - cw / 2;
    left = Math.max(4, Math.min(left, w.width - cw - 4));
    let top = r.bottom - w.top + 4;
    if (top + ch > w.height && r.top - w.top - ch - 4 > 0) top = r.top - w.top - ch - 4;
    chooser.style.left = `${left}px`;
    chooser.style.top = `${top}px`;
  }

  function closeChooser(refocus) {
    if (chooser.hidden) return;
    chooser.hidden = true;
    chooser.replaceChildren(); // no control for an action that may be gone
    const name = chooserFor;
    chooserFor = null;
    if (refocus && name) countryEls.get(name).g.focus();
  }

  const onDocClick = (ev) => {
    if (!chooser.hidden && !chooser.contains(ev.target) && !ev.target.closest?.(".tw-country")) closeChooser();
  };
  const onDocKey = (ev) => {
    if (ev.key === "Escape" && !chooser.hidden) closeChooser(true);
  };
  mapScroll.addEventListener("scroll", placeChooser);
  window.addEventListener("resize", placeChooser);
  document.addEventListener("click", onDocClick);
  document.addEventListener("keydown", onDocKey);

  // -- redraw ------------------------------------------------------------------------------------
  // What the other side (or the events) changed on the map since my last
  // move: outlined, so that a bot's quick moves can be followed. A seat
  // compares with the map as it was when its own move ended (kept until its
  // next move ends); a spectator with the previous state.
  let before = null;
  let changed = new Set();
  const influenceKey = (v) => {
    const inf = v.influence || {};
    return new Map(board.countries.map((c) => [c.name, `${(inf.US || {})[c.name] || 0}:${(inf.USSR || {})[c.name] || 0}`]));
  };
  function trackChanges(wasMine) {
    const now = influenceKey(view);
    const diff = (old) => new Set(old ? [...now].filter(([k, x]) => old.get(k) !== x).map(([k]) => k) : []);
    if (!ctx.seat) {
      changed = diff(before);
      before = now;
    } else if (!mine && wasMine) {
      before = now;
      changed = new Set();
    } else if (!mine || !wasMine) {
      changed = diff(before);
    }
  }

  function updateMap() {
    const inf = view.influence || { US: {}, USSR: {} };
    const control = view.control || {};
    const acts = mapActions();
    const warnings = (state.text && state.text.warnings) || {};
    svg.classList.toggle("picking", acts.size > 0);
    for (const c of board.countries) {
      const el = countryEls.get(c.name);
      const us = (inf.US || {})[c.name] || 0;
      const ussr = (inf.USSR || {})[c.name] || 0;
      const ctl = control[c.name] || null;
      const g = el.g;
      g.classList.toggle("ctl-US", ctl === "US");
      g.classList.toggle("ctl-USSR", ctl === "USSR");
      g.classList.toggle("changed", changed.has(c.name));
      g.classList.toggle("has-US", us > 0);
      g.classList.toggle("has-USSR", ussr > 0);
      el.infUS.textContent = us ? String(us) : "";
      el.infUSSR.textContent = ussr ? String(ussr) : "";
      const a = acts.get(c.name) || [];
      g.classList.toggle("legal", a.length > 0);
      g.classList.toggle("warned", a.some((x) => warnings[x]));
      if (a.length === 1) g.setAttribute("data-action", a[0]);
      else g.removeAttribute("data-action");
      if (a.length > 1) g.setAttribute("data-actions", a.join("|"));
      else g.removeAttribute("data-actions");
      const parts = [t("web.twilight.aria.country", { country: el.label, stability: c.stability, us, ussr })];
      if (c.battleground) parts.push(t("web.twilight.aria.battleground"));
      if (ctl) parts.push(t("web.twilight.aria.controlled", { side: side(ctl) }));
      const meanings = (state.text && state.text.options) || {};
      if (a.length) parts.push(a.map((x) => meanings[x] || verbLabel(x)).join(", "));
      const warned = a.filter((x) => warnings[x]).map((x) => `⚠ ${warnings[x]}`);
      g.querySelector(".tw-tip").textContent = [el.label, ...a.map((x) => meanings[x]).filter(Boolean), ...warned].join("\n");
      g.setAttribute("aria-label", parts.join("; "));
      g.setAttribute("aria-disabled", a.length ? "false" : "true");
    }
  }

  // -- tracks --------------------------------------------------------------------------------------
  function track(name, label, cells, extra) {
    return h("div", { class: `tw-track tw-${name}`, "data-track": name },
      h("div", { class: "tw-track-label" }, label), h("div", { class: "tw-cells" }, cells), extra || null);
  }

  function cell(text, cls, title, attrs = {}) {
    return h("span", { class: ["tw-cell"].concat(cls), title: title || undefined, ...attrs }, text);
  }

  function updateStatus() {
    const v = view;
    const parts = [];
    // DEFCON: 5 (peace) to 1 (nuclear war); what the current level forbids.
    const defcon = v.defcon;
    parts.push(track("defcon", t("web.twilight.defcon"),
      [5, 4, 3, 2, 1].map((n) => cell(String(n), [`d${n}`, n === defcon && "on"], t(`web.twilight.defcon.rule.${n}`),
        n === defcon ? { "data-defcon": n, "aria-current": "true" } : {})),
      h("div", { class: "tw-note" }, t(`web.twilight.defcon.rule.${defcon}`))));
    // VP: the US end on the left, the USSR end on the right (as the influence in a box).
    parts.push(vpTrack(v.vp));
    // Turn and action round.
    const turn = v.turn;
    const turnCells = [];
    for (let n = 1; n <= TURNS; n++) {
      turnCells.push(cell(String(n), [`p-${periodOfTurn(n)}`, n === turn && "on"],
        t(`web.twilight.period.${periodOfTurn(n)}`), n === turn ? { "data-turn": n, "aria-current": "true" } : {}));
    }
    parts.push(track("turn", t("web.twilight.turn"), turnCells,
      h("div", { class: "tw-note" }, t(`web.twilight.period.${periodOfTurn(turn)}`))));
    parts.push(roundTrack(v));
    // Military operations: 0-5 for each side, the required number (= DEFCON) marked.
    parts.push(h("div", { class: "tw-track tw-milops", "data-track": "milops" },
      h("div", { class: "tw-track-label" }, t("web.twilight.milops")),
      ...["US", "USSR"].map((sd) => h("div", { class: `tw-cells side-${sd}` },
        h("span", { class: "tw-row-label" }, side(sd)),
        [0, 1, 2, 3, 4, 5].map((n) => cell(String(n), [n === v.milops[sd] && "on", n === defcon && "req"],
          n === defcon ? t("web.twilight.milops.required", { n }) : undefined,
          n === v.milops[sd] ? { "data-milops": `${sd} ${n}` } : {})))),
      h("div", { class: "tw-note" }, t("web.twilight.milops.required", { n: defcon }))));
    // Space Race: boxes 0-8 for each side.
    parts.push(h("div", { class: "tw-track tw-space", "data-track": "space" },
      h("div", { class: "tw-track-label" }, t("web.twilight.space")),
      ...["US", "USSR"].map((sd) => h("div", { class: `tw-cells side-${sd}` },
        h("span", { class: "tw-row-label" }, side(sd)),
        [0, 1, 2, 3, 4, 5, 6, 7, 8].map((n) => cell(String(n), [n === v.space[sd] && "on"], ctx.name("space", n),
          n === v.space[sd] ? { "data-space": `${sd} ${n}` } : {}))))));
    // The China Card, the cards.
    const china = v.china_card || {};
    const chinaEl = h("span", { class: ["tw-china", `side-${china.holder}`, china.face_up ? "up" : "down"],
      "data-card": CHINA, "data-china": `${china.holder} ${china.face_up ? "up" : "down"}`, tabindex: 0 },
    cardName(CHINA), h("small", {}, side(china.holder), " · ",
      t(china.face_up ? "web.twilight.china.up" : "web.twilight.china.down")));
    ctx.cardTip(chinaEl, CHINA);
    const sizes = v.hand_sizes || {};
    parts.push(h("div", { class: "tw-track tw-cards-count" }, chinaEl,
      h("div", { class: "tw-note" }, t("web.twilight.counts", { deck: v.deck_size, us: sizes.US, ussr: sizes.USSR }))));
    statusBar.replaceChildren(...parts);
  }

  function vpTrack(vp) {
    const W = 300;
    const x = (n) => 10 + ((20 - n) / 40) * (W - 20); // +20 (US) left ... -20 (USSR) right
    const clamped = Math.max(-20, Math.min(20, vp));
    const ticks = [];
    for (let n = 20; n >= -20; n -= 1) {
      const big = n % 5 === 0;
      ticks.push(s("line", { x1: x(n), x2: x(n), y1: big ? 12 : 15, y2: 22, class: ["tw-tick", big && "big"] }));
      if (big) ticks.push(s("text", { x: x(n), y: 34, "text-anchor": "middle", class: "tw-tick-n" }, String(Math.abs(n))));
    }
    const leader = vp > 0 ? "US" : vp < 0 ? "USSR" : null;
    const svgEl = s("svg", { class: "tw-vp-svg", viewBox: `0 0 ${W} 38`, role: "img",
      "aria-label": leader ? t("web.twilight.vp.lead", { side: side(leader), n: Math.abs(vp) }) : t("web.twilight.vp.even") },
    s("rect", { x: 10, y: 12, width: (W - 20) / 2, height: 10, class: "tw-vp-us" }),
    s("rect", { x: W / 2, y: 12, width: (W - 20) / 2, height: 10, class: "tw-vp-ussr" }),
    ...ticks,
    s("g", { transform: `translate(${x(clamped)},17)`, class: ["tw-vp-marker", leader && `side-${leader}`] },
      s("circle", { r: 10 }), s("text", { y: 4, "text-anchor": "middle" }, String(Math.abs(vp)))));
    return h("div", { class: "tw-track tw-vp", "data-track": "vp", "data-vp": vp },
      h("div", { class: "tw-track-label" }, t("web.twilight.vp")), svgEl,
      h("div", { class: "tw-note" }, leader ? t("web.twilight.vp.lead", { side: side(leader), n: Math.abs(vp) })
        : t("web.twilight.vp.even")));
  }

  function roundTrack(v) {
    const kind = (v.decision || {}).kind;
    const n = actionRounds(v.turn);
    const cells = [cell(t("web.twilight.round.h"), ["hl", v.action_round === 0 && kind === "headline" && "on"],
      t("web.twilight.round.headline"))];
    for (let k = 1; k <= n; k++) {
      cells.push(cell(String(k), [v.action_round === k && "on", v.action_round === k && `side-${v.phasing}`],
        undefined, v.action_round === k ? { "data-round": `${k} ${v.phasing}`, "aria-current": "true" } : {}));
    }
    if (v.action_round > n && (v.decision || {}).extra) {
      cells.push(cell(String(v.action_round), ["on", `side-${v.phasing}`], t("web.twilight.round.extra"),
        { "data-round": `${v.action_round} ${v.phasing}` }));
    }
    let note;
    if (kind === "setup") note = t("web.twilight.round.setup");
    else if (v.action_round === 0) note = t("web.twilight.round.headline");
    else note = t("web.twilight.round.of", { side: side(v.phasing) });
    return track("round", t("web.twilight.round"), cells, h("div", { class: "tw-note" }, note));
  }

  // -- the hand ----------------------------------------------------------------------------------
  /** card number -> its legal plays from the hand, when the table offers them. */
  function handActions() {
    const out = new Map();
    const kind = (view.decision || {}).kind;
    if (!mine || ctx.replay || !HAND_KINDS.has(kind)) return out;
    const held = new Set(view.hand || []);
    const china = view.china_card || {};
    if (china.holder === ctx.seat) held.add(CHINA);
    for (const a of legal) {
      const [verb, arg] = split(a);
      const n = cardByName.get(arg);
      if (!HAND_VERBS.includes(verb) || n === undefined || !held.has(n)) continue;
      if (!out.has(n)) out.set(n, []);
      out.get(n).push(a);
    }
    for (const list of out.values()) list.sort((a, b) => HAND_VERBS.indexOf(split(a)[0]) - HAND_VERBS.indexOf(split(b)[0]));
    return out;
  }

  function cardEl(n, plays, extraClass) {
    const c = board.cards[String(n)];
    const warnings = (state.text && state.text.warnings) || {};
    const opsMark = c.scoring ? h("span", { class: "tw-ops scoring", title: t("web.twilight.card.scoring") }, "S")
      : h("span", { class: "tw-ops", title: t("web.twilight.card.ops", { n: c.ops }) }, String(c.ops));
    const meta = [c.scoring ? t("web.twilight.card.scoring") : t(`web.twilight.period.${c.period}`)];
    if (c.war) meta.push(t("web.twilight.card.war"));
    const face = h("div", { class: "tw-card-face", tabindex: 0, role: "button", "data-card": n,
      "aria-label": `${cardName(n)}, ${c.scoring ? t("web.twilight.card.scoring") : t("web.twilight.card.ops", { n: c.ops })}` },
    h("div", { class: "tw-card-top" }, opsMark, h("span", { class: "tw-card-meta" }, meta.join(" · ")),
      c.starred ? h("span", { class: "tw-star", title: t("web.twilight.card.starred") }, "★") : null),
    h("span", { class: ["tw-card-name", c.stays_in_play && "underlined"] }, cardName(n)));
    ctx.cardTip(face, n);
    const buttons = plays.map((a) => {
      const [verb] = split(a);
      const warn = warnings[a];
      return h("button", { type: "button", class: ["tw-play", `v-${verb}`, warn && "warned"], "data-action": a,
        title: warn || (state.text && state.text.options && state.text.options[a]) || undefined,
        onclick: () => ctx.act(a) }, warn ? "⚠ " : "", t(`web.twilight.play.${verb}`, { n: c.ops }));
    });
    return h("div", { class: ["tw-card", `side-${c.side}`, c.scoring && "scoring", plays.length && "playable"].concat(extraClass || []) },
      face, buttons.length ? h("div", { class: "tw-plays" }, buttons) : null);
  }

  /** A side's hand seen from outside: one card back per card. */
  function backs(sd, n) {
    const row = h("div", { class: ["tw-backs", `side-${sd}`], "data-hand-size": `${sd} ${n}`,
      title: t("web.twilight.hand_of", { side: side(sd), n }) },
    h("span", { class: "tw-backs-label" }, t("web.twilight.hand_of", { side: side(sd), n })));
    const cards = h("span", { class: "tw-backs-cards", "aria-hidden": "true" });
    for (let k = 0; k < n; k++) cards.append(h("span", { class: "tw-back" }));
    row.append(cards);
    return row;
  }

  function updateHand() {
    const v = view;
    const parts = [];
    const sizes = v.hand_sizes || {};
    if (ctx.seat && v.hand) {
      const plays = handActions();
      const china = v.china_card || {};
      const cards = v.hand.map((n) => cardEl(n, plays.get(n) || []));
      if (china.holder === ctx.seat) {
        cards.push(cardEl(CHINA, plays.get(CHINA) || [], ["china", china.face_up ? "up" : "down"]));
      }
      parts.push(h("h3", {}, t("web.twilight.hand"), h("small", {}, ` (${v.hand.length})`)));
      parts.push(cards.length ? h("div", { class: "tw-hand", "data-hand": ctx.seat }, cards)
        : h("p", { class: "tw-empty" }, t("web.twilight.hand.empty")));
      const opp = ctx.seat === "US" ? "USSR" : "US";
      parts.push(backs(opp, sizes[opp] || 0));
      const known = v.opponent_known || [];
      if (known.length) {
        parts.push(h("h3", {}, t("web.twilight.known", { side: side(opp) })), chips(known, "tw-known"));
      }
    } else {
      parts.push(h("h3", {}, t("web.twilight.hands")), backs("US", sizes.US || 0), backs("USSR", sizes.USSR || 0));
    }
    handBox.replaceChildren(...parts);
  }

  function chips(numbers, cls) {
    return h("div", { class: ["tw-chips", cls] }, numbers.map((n) => {
      const c = board.cards[String(n)] || {};
      const el = h("span", { class: ["tw-chip", `side-${c.side}`], "data-card": n, tabindex: 0 }, cardName(n));
      ctx.cardTip(el, n);
      return el;
    }));
  }

  // -- effects, headlines, piles -------------------------------------------------------------------
  function updateInfo() {
    const v = view;
    const parts = [];
    const hl = v.headline || {};
    if (hl.USSR || hl.US) {
      parts.push(h("div", { class: "tw-info-block", "data-headlines": "" }, h("h3", {}, t("web.twilight.headlines")),
        ...["US", "USSR"].filter((sd) => hl[sd]).map((sd) => h("div", { class: "tw-headline" },
          h("b", { class: `side-${sd}` }, side(sd)), " ",
          hl[sd] === "hidden" ? h("span", { class: "tw-hidden-card" }, t("web.twilight.headline.hidden"))
            : chips([hl[sd]], "inline")))));
    }
    const effects = Object.entries(v.effects || {});
    const shown = new Set();
    const items = effects.map(([name, data]) => {
      const card = data.card;
      // A card that stays in play and the effect it started are one chip.
      if (card || cardByName.get(name)) shown.add(card || cardByName.get(name));
      const who = data.side ? (data.side === "both" ? t("web.twilight.effect.both") : side(data.side)) : null;
      const detail = [who, data.region ? ctx.name("region", data.region) : null].filter(Boolean).join(", ");
      const el = h("span", { class: ["tw-chip", "tw-effect", data.side && `side-${data.side}`], "data-effect": name,
        "data-card": card || undefined, tabindex: 0 },
      ctx.name("effect", name), detail ? h("small", {}, ` (${detail})`) : null,
      data.until === "turn" ? h("small", { class: "tw-until" }, ` · ${t("web.twilight.effect.turn")}`) : null);
      const number = card || cardByName.get(name);
      if (number) ctx.cardTip(el, number);
      return el;
    });
    for (const n of v.in_play || []) {
      if (shown.has(n)) continue;
      const el = h("span", { class: "tw-chip tw-effect", "data-card": n, tabindex: 0 }, cardName(n));
      ctx.cardTip(el, n);
      items.push(el);
    }
    parts.push(h("div", { class: "tw-info-block", "data-effects": "" }, h("h3", {}, t("web.twilight.effects")),
      items.length ? h("div", { class: "tw-chips" }, items) : h("p", { class: "tw-empty" }, t("web.twilight.effects.none"))));
    parts.push(pile("discard", v.discard || []), pile("removed", v.removed || []));
    infoBox.replaceChildren(...parts);
  }

  const openPiles = new Set();
  function pile(name, cards) {
    const det = h("details", { class: "tw-pile", "data-pile": name, "data-count": cards.length, open: openPiles.has(name) },
      h("summary", {}, t(`web.twilight.pile.${name}`, { n: cards.length })),
      cards.length ? chips([...cards].reverse(), "") : h("p", { class: "tw-empty" }, t("web.twilight.pile.empty")));
    det.addEventListener("toggle", () => { if (det.open) openPiles.add(name); else openPiles.delete(name); });
    return det;
  }

  // -- the last roll ---------------------------------------------------------------------------------
  function die(value, cls) {
    const g = s("svg", { class: ["tw-die", cls], viewBox: "0 0 30 30", role: "img", "aria-label": String(value) },
      s("rect", { x: 1, y: 1, width: 28, height: 28, rx: 6 }));
    if (PIPS[value]) for (const [cx, cy] of PIPS[value]) g.append(s("circle", { cx, cy, r: 3 }));
    else g.append(s("text", { x: 15, y: 21, "text-anchor": "middle" }, String(value)));
    return g;
  }

  function updateRoll() {
    const entries = state.fullLog || (state.log && state.log.entries) || [];
    const full = Boolean(state.fullLog) || (state.log && state.log.start === 0);
    const found = lastRoll(entries);
    if (found) rollShown = found;
    else if (full) rollShown = null;
    const r = rollShown;
    rollMark.setAttribute("visibility", "hidden");
    if (!r) {
      rollBox.hidden = true;
      rollBox.replaceChildren();
      return;
    }
    rollBox.hidden = false;
    rollBox.dataset.roll = r.kind;
    const body = [];
    if (r.kind === "coup") {
      body.push(h("div", { class: "tw-roll-head" }, t(r.free ? "web.twilight.roll.coup_free" : "web.twilight.roll.coup",
        { side: side(r.side), country: countryName(r.country) })));
      body.push(h("div", { class: "tw-roll-line" }, die(r.roll, `side-${r.side}`),
        h("span", { class: "tw-math" }, t("web.twilight.roll.coup_math",
          { roll: r.roll, ops: r.ops, defense: r.defense, total: r.total }))));
      body.push(h("div", { class: ["tw-roll-result", r.success ? "ok" : "fail"] }, r.success
        ? t("web.twilight.roll.coup_ok", { opp: side(r.opp), n: r.removed, side: side(r.side), n2: r.gained })
        : t("web.twilight.roll.coup_fail")));
      markCountry(r.country, r.roll);
    } else if (r.kind === "realign") {
      body.push(h("div", { class: "tw-roll-head" }, t("web.twilight.roll.realign", { country: countryName(r.country) })));
      for (const d of r.dice) {
        const mods = [];
        if (d.countries.length) mods.push(t("web.twilight.roll.mod_adjacent", { n: d.countries.length }));
        if (d.more) mods.push(t("web.twilight.roll.mod_more"));
        if (d.home) mods.push(t("web.twilight.roll.mod_home"));
        if (d.contra) mods.push(t("web.twilight.roll.mod_effect", { effect: ctx.name("effect", d.effect) }));
        body.push(h("div", { class: "tw-roll-line" }, h("b", { class: `side-${d.side}` }, side(d.side)), die(d.roll, `side-${d.side}`),
          h("span", { class: "tw-math" }, mods.length ? `${mods.join(" ")} = ${d.total}` : `= ${d.total}`)));
      }
      body.push(h("div", { class: ["tw-roll-result", r.loser ? "ok" : "fail"] }, r.loser
        ? t("web.twilight.roll.realign_won", { side: side(r.loser), n: r.removed })
        : t("web.twilight.roll.realign_tied")));
      markCountry(r.country, r.dice[0].roll);
    } else if (r.kind === "space") {
      body.push(h("div", { class: "tw-roll-head" }, t("web.twilight.roll.space", { side: side(r.side) })));
      body.push(h("div", { class: "tw-roll-line" }, die(r.roll, `side-${r.side}`),
        h("span", { class: "tw-math" }, r.best ? t("web.twilight.roll.space_needs", { best: r.best }) : "")));
      body.push(h("div", { class: ["tw-roll-result", r.success ? "ok" : "fail"] }, r.success
        ? t("web.twilight.roll.space_ok", { box: r.box, name: ctx.name("space", r.box) })
        : t("web.twilight.roll.space_fail")));
    } else {
      body.push(h("div", { class: "tw-roll-head" }, t("web.twilight.roll.war", { side: side(r.side), card: cardName(r.card),
        country: r.country ? countryName(r.country) : "" })));
      body.push(h("div", { class: "tw-roll-line" }, die(r.roll, `side-${r.side}`),
        h("span", { class: "tw-math" }, t("web.twilight.roll.war_math", { roll: r.roll, penalty: r.penalty, total: r.total }),
          r.win ? ` (${t("web.twilight.roll.war_needs", { n: r.win })})` : "")));
      body.push(h("div", { class: ["tw-roll-result", r.success ? "ok" : "fail"] },
        t(r.success ? "web.twilight.roll.war_won" : "web.twilight.roll.war_lost")));
      if (r.country) markCountry(r.country, r.roll);
    }
    rollBox.replaceChildren(h("h3", {}, t("web.twilight.roll.title")), ...body);
  }

  function markCountry(name, value) {
    if (!MAP.countries[name]) return;
    const [x, y] = MAP.countries[name];
    rollMark.setAttribute("transform", `translate(${x + BOX_W - 16},${y - 12})`);
    rollMark.querySelector("text").textContent = String(value);
    rollMark.setAttribute("visibility", "visible");
  }

  // -- the table's interface --------------------------------------------------------------------------
  return {
    update(next) {
      state = next;
      view = next.view || {};
      const wasMine = mine;
      mine = Boolean(ctx.seat) && next.to_move === ctx.seat && next.status !== "over";
      trackChanges(wasMine);
      closeChooser(); // made for the previous state's actions
      legal = mine ? view.legal_actions || [] : [];
      table.dataset.seat = ctx.seat || "";
      table.dataset.mine = mine ? "yes" : "no";
      updateStatus();
      updateMap();
      updateHand();
      updateInfo();
      updateRoll();
    },
    handles(action) {
      if (!view) return false;
      const [verb, arg] = split(action);
      if (COUNTRY_VERBS.has(verb)) return facts.has(arg) && mapActions().has(arg);
      if (!HAND_VERBS.includes(verb)) return false;
      const n = cardByName.get(arg);
      return n !== undefined && (handActions().get(n) || []).includes(action);
    },
    destroy() {
      document.removeEventListener("click", onDocClick);
      document.removeEventListener("keydown", onDocKey);
      window.removeEventListener("resize", placeChooser);
      root.replaceChildren();
    },
  };
}
