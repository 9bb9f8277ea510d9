// Building DOM nodes: ``h`` for HTML elements, ``svg`` for SVG ones, both with the same
// attributes convention, and ``byId`` for the pages' fixed elements.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

/**
 * An HTML element: ``h("a", { href: "/", class: "brand", text: "Cờ Tướng" })``.
 * ``on<event>`` attributes are listeners, ``text`` the text content; null, undefined
 * and false attributes are left out; children are nodes or strings.
 */
export function h(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element with the same conventions: ``svg("circle", { cx: 10, cy: 10, r: 5 })``. */
export function svg(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** The element of id ``id`` (the pages' fixed skeleton). */
export function byId(id) { return document.getElementById(id); }

/** The first element matching ``selector`` under ``root`` (the document by default). */
export function qs(selector, root = document) { return root.querySelector(selector); }
