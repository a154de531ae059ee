import { globalStyle, style } from "@vanilla-extract/css";
import { fontSize, space } from "~/styles/tokens";

export const article = style({ padding: `${space[2]} 0 ${space[10]}`, overflowWrap: "anywhere" });
export const title = style({ fontSize: "clamp(1.5rem, 5vw, 2rem)", margin: `${space[2]} 0` });
export const subTitle = style({ fontSize: fontSize.md });
globalStyle(`${article} img`, { maxWidth: "100%", height: "auto" });
