import { Writable } from "node:stream";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { NonceContext } from "./components/nonce";
import { documentStatus } from "./models/error-page";
import { appContext } from "./services/context";
import { matchedStylesheets, prioritiseDocument, stylesheetPreloadHeader } from "./services/document-head.server";
import { reportRequestError } from "./services/error-reporting.server";

// server.ts builds the request context with these keys; they must be this bundle's own instances.
export { appContext, shopperContext } from "./services/context";
export { sharedPlatformFor } from "./services/shopper.server";
// Ended by the server as it shuts down, so open status pages do not hold it up (decision 0040).
export { endLiveStreams } from "./routes/orders/events.server";

export const streamTimeout = 5_000;

/** The build's id, for the server's error reports (their release), as /builds/latest.json answers it. */
export const buildId = __BUILD_ID__;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  responseStatusCode = documentStatus(responseStatusCode, routerContext.staticHandlerContext.errors);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(appContext).nonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Every visitor gets the whole document at once: loaders have run before rendering, so only parts loaded on
    // demand (React.lazy) could stream later, and a browser without script cannot put streamed parts in place.
    // (Crawlers would need it whole anyway.)
    const readyOption: keyof RenderToPipeableStreamOptions = "onAllReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        // Never split a finished part out of the page to be put in place by script (React does so for parts after
        // the first 12.8 KB by default): a browser without script would never show it.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          // The whole document is ready: it is collected and sent as one body, so compression and the response
          // stream each handle one chunk rather than React's many small writes (issue 17's profile: a tenth of a
          // page's CPU went to compressing chunk by chunk).
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              // The stylesheet is asked for as the headers arrive; the page's scripts come after it (decision 0047).
              const preload = stylesheetPreloadHeader(matchedStylesheets(routerContext));
              if (preload) responseHeaders.append("Link", preload);
              // Pages carry the shopper's own state: never cached by shared caches.
              if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");
              resolve(
                new Response(prioritiseDocument(Buffer.concat(chunks)), {
                  headers: responseHeaders,
                  status: responseStatusCode,
                }),
              );
              callback();
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) {
            console.error(JSON.stringify({ level: "error", event: "render.stream_error", error: String(error) }));
            reportRequestError(loadContext, request, error, "render");
          }
        },
      },
    );
  });
}

/**
 * Unexpected loader, action and rendering errors (the error page's 500s): one JSON log line (never shown to the
 * shopper) and a report to the error reporting service with the request's id (decision 0029).
 */
export function handleError(
  error: unknown,
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
) {
  if (request.signal.aborted) return;
  let requestId: string | undefined;
  try {
    requestId = context.get(appContext).requestId;
  } catch {
    requestId = undefined;
  }
  if (crossOriginPostRefused(error, request)) {
    // React Router refuses a page's post from another site before any of ours runs (decision 0046): a refusal that
    // anyone can cause, so a warning, and nothing for the error reporting.
    const line = {
      time: new Date().toISOString(),
      level: "warn",
      event: "csrf.cross_origin_refused",
      path: new URL(request.url).pathname,
      requestId,
    };
    console.warn(JSON.stringify(line));
    return;
  }
  console.error(
    JSON.stringify({
      time: new Date().toISOString(),
      level: "error",
      event: "route.unhandled",
      path: new URL(request.url).pathname,
      requestId,
      error: error instanceof Error ? error.stack : String(error),
    }),
  );
  reportRequestError(context, request, error, "route");
}

/** React Router's own refusal of a post whose Origin is another site's (its message names the origin header). */
function crossOriginPostRefused(error: unknown, request: Request): boolean {
  if (
    request.method === "GET" ||
    request.method === "HEAD" ||
    !(error instanceof Error) ||
    !error.message.includes("`origin` header")
  )
    return false;
  const origin = request.headers.get("origin");
  return origin !== null && origin !== new URL(request.url).origin;
}
