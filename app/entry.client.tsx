import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { NonceContext } from "./components/nonce";
import { installClientLog } from "./client-log";
import { reportCaughtError } from "./components/error-reporting/ErrorReporting";

installClientLog();

// Spec 1 §9: keys earlier versions kept in localStorage go at start (the list is models/local-data.ts), fetched beside
// the page rather than in its first script.
void import("./models/local-data").then(({ cleanDeprecatedLocalData }) => {
  try {
    cleanDeprecatedLocalData(window.localStorage);
  } catch {
    // Reading window.localStorage itself throws where storage is blocked: then there is nothing to clean.
  }
});

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
    {
      // A page part that failed to render in the browser shows the error page; the browser's own error handlers never
      // see it, so it is reported from here (when the shopper allowed reporting) as well as logged.
      onCaughtError(error) {
        console.error(error);
        reportCaughtError(error);
      },
    },
  );
});
