// Messages from the shared catalogs (src/brinkmanship/i18n/<lang>/*.json),
// formatted as ICU MessageFormat: the subset the catalogs use, `{name}`,
// `{n, plural, =0 {...} one {# card} other {# cards}}` (categories from the
// browser's Intl.PluralRules, as Babel's CLDR data gives them to Python) and
// `{side, select, USSR {...} other {...}}`. An apostrophe quotes only before
// `{`, `}` or `#`; `''` is one apostrophe.

export const LANGS = { en: "English", ru: "Русский" };

let catalog = {};
let lang = "en";
let plurals = new Intl.PluralRules("en");
const parsed = new Map();

/** The language chosen before (kept in the browser), else the browser's own. */
export function preferredLang() {
  const kept = localStorage.getItem("brink.lang");
  if (kept && kept in LANGS) return kept;
  const nav = (navigator.language || "en").slice(0, 2).toLowerCase();
  return nav in LANGS ? nav : "en";
}

/** Load a language's catalog from the server and make it current. */
export async function loadLang(code) {
  const response = await fetch(`/api/catalog/${code}`);
  if (!response.ok) throw new Error(`catalog ${code}: ${response.status}`);
  catalog = await response.json();
  lang = code;
  plurals = new Intl.PluralRules(code);
  parsed.clear();
  localStorage.setItem("brink.lang", code);
  document.documentElement.lang = code;
}

export function currentLang() {
  return lang;
}

export function has(code) {
  return code in catalog;
}

/** The message `code` formatted with `args` (the code itself if unknown). */
export function t(code, args = {}) {
  const template = catalog[code];
  if (template === undefined) return code;
  let nodes = parsed.get(code);
  if (!nodes) {
    nodes = parse(template);
    parsed.set(code, nodes);
  }
  return format(nodes, args, null);
}

/** A game's name for a card, country, region, arena...: `<game>.name.<kind>.<value>`. */
export function name(game, kind, value) {
  const code = `${game}.name.${kind}.${value}`;
  return code in catalog ? t(code) : String(value);
}

// -- ICU subset -------------------------------------------------------------------------
function parse(src) {
  let i = 0;
  function text(inPlural) {
    const out = [];
    let buf = "";
    while (i < src.length) {
      const c = src[i];
      if (c === "'") {
        if (src[i + 1] === "'") { buf += "'"; i += 2; continue; }
        const next = src[i + 1];
        if (next === "{" || next === "}" || next === "#") {
          const end = src.indexOf("'", i + 1);
          buf += src.slice(i + 1, end < 0 ? src.length : end);
          i = end < 0 ? src.length : end + 1;
          continue;
        }
        buf += c; i++; continue;
      }
      if (c === "{") {
        if (buf) { out.push(buf); buf = ""; }
        out.push(arg());
        continue;
      }
      if (c === "}") break;
      if (c === "#" && inPlural) {
        if (buf) { out.push(buf); buf = ""; }
        out.push({ hash: true }); i++; continue;
      }
      buf += c; i++;
    }
    if (buf) out.push(buf);
    return out;
  }
  function word() {
    while (/\s/.test(src[i])) i++;
    const start = i;
    while (i < src.length && !/[\s,{}]/.test(src[i])) i++;
    return src.slice(start, i);
  }
  function arg() {
    i++; // {
    const key = word();
    while (/\s/.test(src[i])) i++;
    if (src[i] === "}") { i++; return { key }; }
    i++; // ,
    const type = word();
    while (/\s/.test(src[i])) i++;
    if (src[i] === ",") i++;
    const cases = {};
    for (;;) {
      while (/\s/.test(src[i])) i++;
      if (src[i] === "}" || i >= src.length) { i++; break; }
      const sel = word();
      while (/\s/.test(src[i])) i++;
      i++; // {
      cases[sel] = text(type === "plural");
      i++; // }
    }
    return { key, type, cases };
  }
  return text(false);
}

function format(nodes, args, number) {
  let out = "";
  for (const node of nodes) {
    if (typeof node === "string") out += node;
    else if (node.hash) out += number === null ? "#" : String(number);
    else if (!node.type) out += node.key in args ? String(args[node.key]) : `{${node.key}}`;
    else {
      const value = args[node.key];
      let chosen;
      if (node.type === "plural") {
        const n = Number(value);
        chosen = node.cases[`=${n}`] || node.cases[plurals.select(n)] || node.cases.other;
        out += chosen ? format(chosen, args, n) : "";
      } else {
        chosen = node.cases[String(value)] || node.cases.other;
        out += chosen ? format(chosen, args, number) : "";
      }
    }
  }
  return out;
}
