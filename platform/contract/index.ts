export * from "./clock";
export * from "./endpoint";
export * from "./errors";
export * from "./contacts";
export * from "./auth";
export * from "./business";
export * from "./logging";
export * from "./content";
export * from "./stores";
export * from "./location";
export * from "./catalogue";
export * from "./basket";
export * from "./slots";
export * from "./slot-rules";
export * from "./search";
export * from "./banners";
export * from "./checkout";
export * from "./payments";
export * from "./cards";
export * from "./orders";
export * from "./member";
export * from "./member-orders";
export * from "./loyalty";
export * from "./marketing";
export * from "./referral";
export * from "./client-identity";
import type { Endpoint } from "./endpoint";
import * as system from "./system";
import * as auth from "./auth";
import * as business from "./business";
import * as logging from "./logging";
import * as content from "./content";
import * as stores from "./stores";
import * as location from "./location";
import * as catalogue from "./catalogue";
import * as basket from "./basket";
import * as slots from "./slots";
import * as search from "./search";
import * as banners from "./banners";
import * as checkout from "./checkout";
import * as payments from "./payments";
import * as cards from "./cards";
import * as orders from "./orders";
import * as member from "./member";
import * as memberOrders from "./member-orders";
import * as loyalty from "./loyalty";
import * as marketing from "./marketing";
import * as referral from "./referral";

type EndpointsIn<M> = { [K in keyof M as M[K] extends Endpoint ? K : never]: M[K] };

/** A contract file's endpoints, leaving out the schemas and helpers it exports beside them. */
function endpointsIn<M extends object>(module: M): EndpointsIn<M> {
  const isEndpoint = (v: unknown) =>
    typeof v === "object" && v !== null && "method" in v && "path" in v && "request" in v && "response" in v;
  return Object.fromEntries(Object.entries(module).filter(([, v]) => isEndpoint(v))) as EndpointsIn<M>;
}

/** Every endpoint of the contract, by name. Each module's schemas live in their own file. */
export const api = {
  ...system,
  ...endpointsIn(auth),
  ...endpointsIn(business),
  ...endpointsIn(logging),
  ...endpointsIn(content),
  ...endpointsIn(stores),
  ...endpointsIn(location),
  ...endpointsIn(catalogue),
  ...endpointsIn(basket),
  ...endpointsIn(slots),
  ...endpointsIn(search),
  ...endpointsIn(banners),
  ...endpointsIn(checkout),
  ...endpointsIn(payments),
  ...endpointsIn(cards),
  ...endpointsIn(orders),
  ...endpointsIn(member),
  ...endpointsIn(memberOrders),
  ...endpointsIn(loyalty),
  ...endpointsIn(marketing),
  ...endpointsIn(referral),
};
export type Api = typeof api;
