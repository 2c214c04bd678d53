/** The SPA's entry point: draw the app, then connect. (Each game folder brings its own styles.) */
import { render } from "preact";
import { boot } from "./app";
import "./styles/base.css";
import "./styles/screens.css";
import "./styles/table.css";
import { startTouches } from "./touch";
import { App } from "./ui/App";

render(<App />, document.getElementById("app")!);
void boot();
startTouches();
