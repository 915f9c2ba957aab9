// Small DOM helpers shared by every page and table: element builders and the
// card tip (a card's full text on hover, focus or tap).
import { t, name } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";

function fill(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "class") el.setAttribute("class", Array.isArray(v) ? v.filter(Boolean).join(" ") : v);
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** An HTML element: h("button", {class: "x", onclick: f}, "label"). */
export function h(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element. */
export function s(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG, tag), attrs, children);
}

/** Make a non-button element act as a button (focus, Enter/Space, role). */
export function clickable(el, handler, label) {
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  if (label) el.setAttribute("aria-label", label);
  el.addEventListener("click", handler);
  el.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); handler(ev); }
  });
  return el;
}

let tip = null;
let tipOwner = null;

function tipBox() {
  if (!tip) {
    tip = h("div", { class: "card-tip", role: "tooltip", id: "card-tip", hidden: true });
    document.body.append(tip);
    document.addEventListener("click", (ev) => {
      if (tipOwner && !tipOwner.contains(ev.target)) hideTip();
    });
  }
  return tip;
}

export function hideTip() {
  if (tip) tip.hidden = true;
  tipOwner = null;
}

/** The full text of card `number` of `game`, shown next to `el` on hover,
 * keyboard focus and tap. */
export function cardTip(game, el, number) {
  const show = () => {
    const box = tipBox();
    box.replaceChildren(
      h("div", { class: "tip-title" }, name(game, "card", number), h("span", { class: "tip-no" }, ` #${number}`)),
      h("div", { class: "tip-text" }, t(`${game}.text.${number}`)),
    );
    box.hidden = false;
    tipOwner = el;
    const r = el.getBoundingClientRect();
    const w = Math.min(340, window.innerWidth - 16);
    box.style.width = `${w}px`;
    let left = Math.min(Math.max(8, r.left + r.width / 2 - w / 2), window.innerWidth - w - 8);
    box.style.left = `${left + window.scrollX}px`;
    const below = r.bottom + 8;
    box.style.top = `${window.scrollY + below}px`;
    const height = box.offsetHeight;
    if (below + height > window.innerHeight && r.top - height - 8 > 0) {
      box.style.top = `${window.scrollY + r.top - height - 8}px`;
    }
  };
  el.addEventListener("mouseenter", show);
  el.addEventListener("mouseleave", () => { if (tipOwner === el) hideTip(); });
  el.addEventListener("focus", show);
  el.addEventListener("blur", () => { if (tipOwner === el) hideTip(); });
  el.addEventListener("touchstart", () => (tipOwner === el ? hideTip() : show()), { passive: true });
  el.setAttribute("aria-describedby", "card-tip");
}

/** A short message at the bottom of the screen. */
export function toast(message, kind = "info") {
  let box = document.getElementById("toasts");
  if (!box) {
    box = h("div", { id: "toasts", role: "status", "aria-live": "assertive" });
    document.body.append(box);
  }
  const item = h("div", { class: `toast ${kind}` }, message);
  box.append(item);
  setTimeout(() => item.remove(), kind === "error" ? 7000 : 3500);
}

/** Ask the player to confirm; resolves true or false. */
export function confirmDialog(title, body, yes, no) {
  return new Promise((resolve) => {
    const dlg = h("dialog", { class: "confirm", "aria-labelledby": "confirm-title" },
      h("h2", { id: "confirm-title" }, title),
      h("p", {}, body),
      h("div", { class: "buttons" },
        h("button", { class: "danger", value: "yes", "data-confirm": "yes" }, yes),
        h("button", { value: "no", "data-confirm": "no", autofocus: true }, no)));
    dlg.addEventListener("click", (ev) => {
      const b = ev.target.closest("button");
      if (b) dlg.close(b.value);
    });
    dlg.addEventListener("close", () => { resolve(dlg.returnValue === "yes"); dlg.remove(); });
    document.body.append(dlg);
    dlg.showModal();
  });
}
