export * from "./core";
export * from "./stores";
