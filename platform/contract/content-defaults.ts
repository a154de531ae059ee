/** Spec 1 §9: the default branding colours. No zod here: the browser bundle imports this file. */
export const DEFAULT_BRANDING_COLORS = {
  primary: "#14569E",
  secondary: "#272841",
  success: "#188D6F",
  danger: "#E42034",
  warning: "#F9E000",
  info: "#303843",
  mainBg: "#F5F8FB",
  text: "#252525",
  highlight: "#4044FC",
} as const;
