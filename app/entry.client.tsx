import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { NonceContext } from "./components/nonce";
import { installClientLog } from "./client-log";

installClientLog();

// Elements React adds after hydration (the brand <style> on a client navigation) need the page's nonce; the
// browser hides it from getAttribute but keeps it on the element's nonce property.
const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <NonceContext value={nonce}>
        <HydratedRouter />
      </NonceContext>
    </StrictMode>,
  );
});
