import { style } from "@vanilla-extract/css";
import { dangerNotice } from "~/styles/notices.css";

export const page = style({ padding: "8px 0 40px", maxWidth: 720 });
export const title = style({ fontSize: "clamp(1.5rem, 5vw, 2rem)", margin: "8px 0 16px" });
/** What went wrong with Continue, in the danger colour's bar. */
export const problem = style([dangerNotice, { fontWeight: 600 }]);
export const actions = style({ display: "flex", flexWrap: "wrap", gap: 12, alignItems: "center", marginTop: 16 });
