/*
 * WCAG 2 contrast of everything a page shows, computed from the browser's own computed styles (run in the page by
 * tests/browser/accessibility.py). It returns the failures; an empty list is a pass.
 *
 * - Text: every visible text node (including aria-hidden card faces: they are seen) against its effective
 *   background: 4.5:1, or 3:1 for large text (>= 24 px, or >= 18.66 px bold). The colours are composited the way
 *   the browser paints them: every ancestor's background colour (alpha included), `opacity` groups, and the
 *   colour `filter` functions (brightness, contrast, saturate, grayscale). A gradient background counts
 *   as its worst stop; a text halo (a blurred `text-shadow` without offset) is the text's background.
 * - Disabled controls are exempt (WCAG 1.4.3: inactive components), except hand cards: a dimmed card cannot be
 *   played but its index still tells the player what they hold, so it must stay at 3:1 (docs/frontend.md) — as
 *   must a rules page's picture of one (`.rule-card.down`).
 * - Component boundaries (WCAG 1.4.11), where simple: the border of text inputs and selects, and the track of an
 *   unchecked switch, against what surrounds them: 3:1.
 *
 * Called with "focus" instead, it measures the focus indicator of the focused element: its outline (or, for a
 * hand card, the ring drawn around the card) against what surrounds the element: `{ratio}`, or null if none.
 */
(what) => {
  const parse = (value) => {
    // Chromium computes colours as rgb()/rgba(), or color(srgb r g b / a) for color-mix().
    let m = value.match(/^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/);
    if (m) return [+m[1] / 255, +m[2] / 255, +m[3] / 255, m[4] === undefined ? 1 : +m[4]];
    m = value.match(/^color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)(?: \/ ([\d.]+))?\)$/);
    if (m) return [+m[1], +m[2], +m[3], m[4] === undefined ? 1 : +m[4]];
    return null;
  };
  const colorsIn = (text) =>
    (text.match(/rgba?\([^)]*\)|color\(srgb [^)]*\)/g) ?? []).map(parse).filter(Boolean);
  const over = (top, below) => {
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + below[i] * (1 - a)).concat(1);
  };
  const mix = (a, b, weight) => [0, 1, 2].map((i) => a[i] * weight + b[i] * (1 - weight)).concat(1);
  const clamp = (x) => Math.min(1, Math.max(0, x));
  const luminance = ([r, g, b]) => {
    const lin = (c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };

  /** The filter functions that act on colours alone, applied to one colour (Filter Effects 1 matrices). */
  function filtered(color, filter) {
    let c = color.slice(0, 3);
    for (const [, name, arg] of filter.matchAll(/(\w[\w-]*)\(([^)]*)\)/g)) {
      const amount = parseFloat(arg) / (arg.trim().endsWith("%") ? 100 : 1);
      if (name === "brightness") c = c.map((x) => clamp(x * amount));
      else if (name === "contrast") c = c.map((x) => clamp((x - 0.5) * amount + 0.5));
      else if (name === "saturate" || name === "grayscale") {
        const s = name === "saturate" ? amount : 1 - Math.min(1, amount);
        const [r, g, b] = c;
        c = [
          clamp((0.213 + 0.787 * s) * r + (0.715 - 0.715 * s) * g + (0.072 - 0.072 * s) * b),
          clamp((0.213 - 0.213 * s) * r + (0.715 + 0.285 * s) * g + (0.072 - 0.072 * s) * b),
          clamp((0.213 - 0.213 * s) * r + (0.715 - 0.715 * s) * g + (0.072 + 0.928 * s) * b),
        ];
      }
    }
    return c.concat(1);
  }

  /** The element and its ancestors, outermost first. */
  const chain = (el) => {
    const out = [];
    for (let e = el; e; e = e.parentElement) out.unshift(e);
    return out;
  };

  /** The background candidates an element paints itself: its colour, or each stop of a gradient over it. */
  function layers(style) {
    const base = parse(style.backgroundColor) ?? [0, 0, 0, 0];
    const stops = style.backgroundImage.includes("gradient") ? colorsIn(style.backgroundImage) : [];
    return stops.length ? stops.map((stop) => over(stop, base).slice(0, 3).concat(Math.max(stop[3], base[3]))) : [base];
  }

  /** A text halo (a blurred `text-shadow` with no offset) is what the glyphs stand on, else null. */
  const halo = (style) => {
    const m = style.textShadow.match(/^(rgba?\([^)]*\)|color\(srgb [^)]*\)) 0px 0px [1-9]/);
    return m ? parse(m[1]) : null;
  };

  /**
   * The colour at a pixel of `el`'s text (`glyph`) or just beside it, painted from the root down: one candidate
   * per combination of gradient stops met on the way, in the same order for both.
   */
  function paint(el, glyph) {
    const elements = chain(el);
    const innermost = (style, behind) => {
      const around = halo(style) ? over(halo(style), behind) : behind;
      return glyph ? over(parse(style.color), around) : around;
    };
    const render = (i, behind) => {
      const style = getComputedStyle(elements[i]);
      const results = [];
      for (const layer of layers(style)) {
        const inside = over(layer, behind);
        const below = i + 1 < elements.length ? render(i + 1, inside) : [innermost(style, inside)];
        const opacity = parseFloat(style.opacity);
        for (const c of below) {
          const f = style.filter !== "none" ? filtered(c, style.filter) : c;
          results.push(opacity < 1 ? mix(f, behind, opacity) : f);
        }
      }
      return results;
    };
    return render(0, [1, 1, 1, 1]); // the canvas behind the root: white
  }

  const visible = (el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  const describe = (el) => {
    const id = el.id ? `#${el.id}` : "";
    const classes = [...el.classList].map((c) => `.${c}`).join("");
    const parent = el.parentElement ? el.parentElement.tagName.toLowerCase() + [...el.parentElement.classList].map((c) => `.${c}`).join("") + " > " : "";
    return parent + el.tagName.toLowerCase() + id + classes;
  };
  const hex = (c) => "#" + c.slice(0, 3).map((x) => Math.round(x * 255).toString(16).padStart(2, "0")).join("");

  function textFailures() {
    const failures = [];
    let checked = 0;
    const seen = new Set();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!node.textContent.trim() || !el || seen.has(el) || !visible(el)) continue;
      seen.add(el);
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) continue;
      const card = el.closest(".hand-card, .rule-card");
      if (!card && el.closest(":disabled, [aria-disabled='true']")) continue;
      const style = getComputedStyle(el);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && parseInt(style.fontWeight, 10) >= 700);
      const dimmed = card && (card.disabled || card.getAttribute("aria-disabled") === "true" || card.classList.contains("down"));
      const needed = large || dimmed ? 3 : 4.5;
      const texts = paint(el, true);
      const backgrounds = paint(el, false);
      let worst = null;
      texts.forEach((text, i) => {
        const r = ratio(text, backgrounds[i]);
        if (!worst || r < worst.ratio) worst = { ratio: r, text: hex(text), background: hex(backgrounds[i]) };
      });
      checked += 1;
      if (worst && worst.ratio < needed) {
        failures.push({
          element: describe(el), text: node.textContent.trim().slice(0, 30), ratio: Math.round(worst.ratio * 100) / 100,
          needed, color: worst.text, background: worst.background, size,
        });
      }
    }
    return { checked, failures };
  }

  function boundaryFailures() {
    const failures = [];
    let checked = 0;
    const controls = document.querySelectorAll("input:not([type=checkbox]):not([type=hidden]), select, .switch input");
    for (const el of controls) {
      if (!visible(el) || el.disabled) continue;
      const style = getComputedStyle(el);
      const switchTrack = el.type === "checkbox";
      if (switchTrack && el.checked) continue; // the checked track is the accent, checked with the text colours
      const edge = switchTrack ? parse(style.backgroundColor) : parse(style.borderTopColor);
      const outside = el.parentElement ? paint(el.parentElement, false) : [[1, 1, 1, 1]];
      for (const around of outside) {
        const r = ratio(over(edge, around), around);
        checked += 1;
        if (r < 3) failures.push({ element: describe(el), ratio: Math.round(r * 100) / 100, needed: 3, color: hex(over(edge, around)), background: hex(around) });
      }
    }
    return { checked, failures };
  }

  function focusRing() {
    const el = document.activeElement;
    if (!el || el === document.body || !el.matches(":focus-visible")) return null;
    const style = getComputedStyle(el);
    const ring = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2
      ? parse(style.outlineColor)
      : colorsIn(getComputedStyle(el.querySelector(".cm-card") ?? el).boxShadow)[0];
    if (!ring) return null;
    const around = paint(el.parentElement, false);
    return { ratio: Math.min(...around.map((c) => ratio(over(ring, c), c))), ring: hex(ring), element: describe(el),
             label: el.getAttribute("aria-label") ?? el.textContent.trim().slice(0, 24), around: around.map(hex) };
  }

  if (what === "focus") return focusRing();
  const text = textFailures();
  const boundaries = boundaryFailures();
  return { checked: text.checked + boundaries.checked, failures: [...text.failures, ...boundaries.failures] };
}
