/**
 * The static rules pages: each holds the same rules in three languages (`<article lang="…">`); this script
 * shows the one the reader chose (`?lang=`, else the site's remembered choice, else the browser's) and applies
 * the remembered theme. Without JavaScript every language shows, one after the other.
 */
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
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-lang]")) {
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
for (const button of document.querySelectorAll<HTMLButtonElement>("[data-lang]")) {
  button.addEventListener("click", () => {
    const chosen = button.dataset.lang as Lang;
    saveLang(chosen);
    show(chosen);
  });
}
// Offline, the rules still open (a rules page may be the first page a phone sees); a new build is taken at once.
registerWorker(() => undefined, true);
