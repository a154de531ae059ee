import type { z } from "zod";
import type { ClientIdentity } from "./client-identity";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/**
 * One endpoint of the /api contract. `request` describes the JSON body (POST/PUT) or the query (GET);
 * path parameters are read from `:name` segments and are part of `request` too.
 */
export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  path: string;
  /**
   * "none": callable without a token (the token call and client logging); "token": a guest or member token;
   * "staff": a staff token (the order board).
   */
  auth: "none" | "token" | "staff";
  request: Req;
  response: Res;
  /** Largest request body accepted, in bytes, when smaller than the router's general limit. */
  maxBodyBytes?: number;
}

export function endpoint<Req extends z.ZodType, Res extends z.ZodType>(e: Endpoint<Req, Res>): Endpoint<Req, Res> {
  return e;
}

export type RequestOf<E> = E extends Endpoint<infer Req, z.ZodType> ? z.input<Req> : never;
export type ParsedRequestOf<E> = E extends Endpoint<infer Req, z.ZodType> ? z.output<Req> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType, infer Res> ? z.output<Res> : never;

/** Fills `:name` segments of a path from the request and returns the path plus the values left over. */
export function fillPath(
  path: string,
  input: Record<string, unknown>,
): { path: string; rest: Record<string, unknown> } {
  const rest = { ...input };
  const filled = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value ?? ""));
  });
  return { path: filled, rest };
}

/** A call made in process to the embedded platform: what an HTTP caller would send as headers. */
export interface InProcessCall {
  token?: string;
  /** Who is calling (spec 1 §9), as an HTTP call's x-client-platform, x-site-version and x-platform-version say. */
  client?: ClientIdentity;
  idempotencyKey?: string;
  clientIp?: string;
  /**
   * Tokens the platform already verified for this one storefront request (decision 0031): the caller makes a new,
   * empty one per request and never reads it; the platform fills it. Absent: every call verifies its token.
   */
  verifiedTokens?: VerifiedTokens;
}

/** The platform's record of tokens verified within one storefront request, by token. */
export type VerifiedTokens = Map<
  string,
  {
    /** The check, shared by calls that start while it is under way. */
    auth: Promise<{ strategy: "guest" | "member" | "staff"; memberId: number | null; family: string } | null>;
    /** The token's expiry (epoch ms); infinite while the check is under way. */
    until: number;
    /** The process's revocation count when the check started. */
    revocations: number;
  }
>;

/**
 * The answer to a call made in process: the status HTTP would carry and, for a success, the handler's answer itself
 * (not encoded); for an error, the error body HTTP would carry.
 */
export interface InProcessAnswer {
  status: number;
  body: unknown;
}
