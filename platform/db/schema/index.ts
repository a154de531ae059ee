export * from "./core";
export * from "./stores";
export * from "./location";
export * from "./catalogue";
export * from "./baskets";
export * from "./slots";
export * from "./orders";
export * from "./test-gateway";
