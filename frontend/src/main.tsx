/** The SPA's entry point: draw the app, then connect. (Each game folder brings its own styles.) */
import { render } from "preact";
import { app, boot } from "./app";
import { loadLanguage } from "./i18n";
import "./styles/base.css";
import "./styles/screens.css";
import "./styles/table.css";
import { startTouches } from "./touch";
import { App } from "./ui/App";

// The first render waits for the reader's language (a chunk of its own, i18n/index.ts); the connection does not.
void loadLanguage(app.get().lang).then(() => render(<App />, document.getElementById("app")!));
void boot();
startTouches();
