/**
 * The static rules pages: each holds the same rules in three languages (`<article lang="…">`); this script
 * shows the one the reader chose (`?lang=`, else the site's remembered choice, else the browser's) and applies
 * the remembered theme. Without JavaScript every language shows, one after the other.
 *
 * It also draws the pictures: every `<div class="rule-cards" data-cards="r7 W">` gets those cards drawn by the
 * game's own card component (`games/<id>/picture.ts`, the game named by `<body data-game>`), each raised or dimmed
 * as in a hand when the box lists the playable ones (`data-up="r7"`); the box's size is reserved by rules.css.
 */
import { h, render, type ComponentType } from "preact";
import { setLanguage, type Words } from "./i18n";
import { loadLang, loadTheme, saveLang } from "./prefs";
import { LANGS, type Lang } from "./prefs-types";
import "./styles/base.css";
import "./styles/rules.css";
import { registerWorker } from "./touch/updates";

function show(lang: Lang): void {
  document.documentElement.lang = lang;
  document.documentElement.dataset.lang = lang; // rules.css shows this language's article (/rules-lang.js set it first)
  for (const article of document.querySelectorAll<HTMLElement>("article[lang]")) {
    article.hidden = article.lang !== lang;
  }
  for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-lang]")) {
    button.setAttribute("aria-pressed", String(button.dataset.lang === lang));
    button.classList.toggle("on", button.dataset.lang === lang);
  }
  const title = document.querySelector<HTMLElement>(`article[lang="${lang}"] h1`);
  if (title) document.title = `${title.textContent} — Deckroom`;
}

const requested = new URLSearchParams(location.search).get("lang") as Lang | null;
const lang = requested && LANGS.includes(requested) ? requested : loadLang();
document.documentElement.dataset.theme = loadTheme();
document.body.classList.add("js");
show(lang);
for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-lang]")) {
  button.addEventListener("click", () => {
    const chosen = button.dataset.lang as Lang;
    saveLang(chosen);
    show(chosen);
  });
}
type Pictures = { Picture: ComponentType<{ code: string }>; words: Words<string> };
const PICTURES = import.meta.glob<Pictures>("./games/*/picture.ts");

/** Draws the cards of every picture box, each article's in its own language (a card's words: a joker, a name). */
function drawCards({ Picture }: Pictures): void {
  for (const article of document.querySelectorAll<HTMLElement>("article[lang]")) {
    setLanguage(article.lang as Lang);
    for (const box of article.querySelectorAll<HTMLElement>(".rule-cards[data-cards]")) {
      const up = box.dataset.up?.split(" ");
      const cards = box.dataset.cards!.split(" ").map((code) =>
        h("span", { class: `rule-card${up ? (up.includes(code) ? " up" : " down") : ""}` }, h(Picture, { code })));
      render(cards, box);
    }
  }
  setLanguage(document.documentElement.lang as Lang);
}

const pictures = PICTURES[`./games/${document.body.dataset.game}/picture.ts`];
if (pictures) {
  void pictures().then(async (loaded) => {
    await Promise.all(LANGS.map(loaded.words.load)); // every article draws its cards in its language
    drawCards(loaded);
  });
}

// Offline, the rules still open (a rules page may be the first page a phone sees); a new build is taken at once.
registerWorker(() => undefined, true);
