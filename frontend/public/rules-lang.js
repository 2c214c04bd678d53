// The rules pages' language and theme, picked before the body is drawn (a blocking classic script in the head: the
// site's Content-Security-Policy allows no inline script). rules.css shows only the article of `data-lang`, so the
// page never draws three languages and then hides two. Same choice as src/prefs.ts (?lang=, the remembered
// language, the browser's, else Japanese), written again here because this runs before any module.
(function () {
  var langs = ["ja", "en", "ko"];
  var read = function (key) {
    try {
      return localStorage.getItem("deckroom." + key);
    } catch (e) {
      return null;
    }
  };
  var pick = function () {
    var asked = new URLSearchParams(location.search).get("lang");
    if (langs.indexOf(asked) >= 0) return asked;
    var stored = read("lang");
    if (langs.indexOf(stored) >= 0) return stored;
    var tags = navigator.languages || [navigator.language];
    for (var i = 0; i < tags.length; i++) {
      var base = String(tags[i]).slice(0, 2).toLowerCase();
      if (langs.indexOf(base) >= 0) return base;
    }
    return "ja";
  };
  var lang = pick();
  var root = document.documentElement;
  root.lang = lang;
  root.dataset.lang = lang;
  var theme = read("theme");
  root.dataset.theme = theme === "light" || theme === "dark" ? theme : matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
})();
