/** The SPA's entry point: draw the app, then connect. */
import { render } from "preact";
import { boot } from "./app";
import "./styles/base.css";
import "./styles/screens.css";
import "./styles/color-match.css";
import "./styles/color-rows.css";
import { App } from "./ui/App";

render(<App />, document.getElementById("app")!);
void boot();
