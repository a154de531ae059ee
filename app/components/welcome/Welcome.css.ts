import { style } from "@vanilla-extract/css";
import { space } from "~/styles/tokens";

export const text = style({ margin: `0 0 ${space[4]}` });
