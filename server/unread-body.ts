import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";

/**
 * A request body left unread by its answer is read to its end and dropped once the answer is sent (decision 0045).
 *
 * React Router answers some posts without reading their bodies (another site's post to a page is refused with its
 * plain 400 before any action runs). Its adapter has already made the body a web stream, which pauses the request
 * as soon as its small buffer is full and nobody reads on; Node then never drains the rest as it does for a body no
 * one touched, and the kept-alive connection hangs until the server's time-out: the browser's next request on it
 * waits a minute and fails. Dropping the rest, as Node does for an untouched body, keeps the connection usable.
 */
export function discardUnreadBodies(req: ExpressRequest, res: ExpressResponse, next: NextFunction): void {
  res.once("finish", () => {
    if (req.complete || req.destroyed) return;
    req.removeAllListeners("data");
    req.resume();
  });
  next();
}
