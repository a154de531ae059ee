import { createContext, useContext } from "react";

/** The per-request CSP nonce. Set on the server by entry.server; empty in the browser, which never needs it. */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
