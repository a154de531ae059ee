export * from "./clock";
export * from "./endpoint";
export * from "./errors";
import * as system from "./system";

/** Every endpoint of the contract, by name. Each module's schemas live in their own file. */
export const api = {
  ...system,
};
export type Api = typeof api;
