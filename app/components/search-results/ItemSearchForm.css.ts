import { style } from "@vanilla-extract/css";
import { layout, space } from "~/styles/tokens";

export const form = style({ maxWidth: layout.readingMaxWidth, marginBottom: space[4] });
export const row = style({ display: "flex", gap: space[2], alignItems: "stretch" });
export const field = style({ flex: "1 1 auto", minWidth: 0 });
